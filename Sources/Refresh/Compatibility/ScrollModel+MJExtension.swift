// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (MJRefresh's own names, kept exactly so that the compiler can name their replacements.)

// MJRefresh 3.7.9's `UIScrollView (MJExtension)` shortcuts (UIScrollView+MJExtension.h):
// unavailable, each with a message naming what it stands for. MJRefresh's inset getters read
// the adjusted inset and its setters write `contentInset`; here the two are apart, and
// components add to ``ScrollModel/adjustedContentInset`` without writing yours.

extension ScrollModel {
  /// MJRefresh's `mj_inset`; here ``adjustedContentInset``.
  @available(*, unavailable, message: "use adjustedContentInset")
  public var mj_inset: EdgeInsets { adjustedContentInset }

  /// MJRefresh's `mj_insetT`; here `adjustedContentInset.top` (read), `contentInset.top` (set).
  @available(
    *, unavailable, message: "read adjustedContentInset.top; set contentInset.top"
  )
  public var mj_insetT: CGFloat {
    get { adjustedContentInset.top }
    set { contentInset.top = newValue }
  }

  /// MJRefresh's `mj_insetB`; here `adjustedContentInset.bottom` (read), `contentInset.bottom`
  /// (set).
  @available(
    *, unavailable, message: "read adjustedContentInset.bottom; set contentInset.bottom"
  )
  public var mj_insetB: CGFloat {
    get { adjustedContentInset.bottom }
    set { contentInset.bottom = newValue }
  }

  /// MJRefresh's `mj_insetL`; here `adjustedContentInset.left` (read), `contentInset.left` (set).
  @available(
    *, unavailable, message: "read adjustedContentInset.left; set contentInset.left"
  )
  public var mj_insetL: CGFloat {
    get { adjustedContentInset.left }
    set { contentInset.left = newValue }
  }

  /// MJRefresh's `mj_insetR`; here `adjustedContentInset.right` (read), `contentInset.right`
  /// (set).
  @available(
    *, unavailable, message: "read adjustedContentInset.right; set contentInset.right"
  )
  public var mj_insetR: CGFloat {
    get { adjustedContentInset.right }
    set { contentInset.right = newValue }
  }

  /// MJRefresh's `mj_offsetX`; here `contentOffset.x`.
  @available(*, unavailable, message: "use contentOffset.x")
  public var mj_offsetX: CGFloat {
    get { contentOffset.x }
    set { contentOffset.x = newValue }
  }

  /// MJRefresh's `mj_offsetY`; here `contentOffset.y`.
  @available(*, unavailable, message: "use contentOffset.y")
  public var mj_offsetY: CGFloat {
    get { contentOffset.y }
    set { contentOffset.y = newValue }
  }

  /// MJRefresh's `mj_contentW`; here `contentSize.width`.
  @available(*, unavailable, message: "use contentSize.width")
  public var mj_contentW: CGFloat {
    get { contentSize.width }
    set { contentSize.width = newValue }
  }

  /// MJRefresh's `mj_contentH`; here `contentSize.height`.
  @available(*, unavailable, message: "use contentSize.height")
  public var mj_contentH: CGFloat {
    get { contentSize.height }
    set { contentSize.height = newValue }
  }
}
