// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (MJRefresh's own names, kept exactly so that the compiler can name their replacements.)

// MJRefresh 3.7.9's `UIView (MJExtension)` shortcuts (UIView+MJExtension.h), which its DIY
// components use to lay themselves out: unavailable, each with a message naming the part of
// ``View/frame`` it stands for.

extension View {
  /// MJRefresh's `mj_x`; here `frame.origin.x`.
  @available(*, unavailable, message: "use frame.origin.x")
  public var mj_x: CGFloat {
    get { frame.origin.x }
    set { frame.origin.x = newValue }
  }

  /// MJRefresh's `mj_y`; here `frame.origin.y`.
  @available(*, unavailable, message: "use frame.origin.y")
  public var mj_y: CGFloat {
    get { frame.origin.y }
    set { frame.origin.y = newValue }
  }

  /// MJRefresh's `mj_w`; here `frame.size.width`.
  @available(*, unavailable, message: "use frame.size.width")
  public var mj_w: CGFloat {
    get { frame.size.width }
    set { frame.size.width = newValue }
  }

  /// MJRefresh's `mj_h`; here `frame.size.height`.
  @available(*, unavailable, message: "use frame.size.height")
  public var mj_h: CGFloat {
    get { frame.size.height }
    set { frame.size.height = newValue }
  }

  /// MJRefresh's `mj_size`; here `frame.size`.
  @available(*, unavailable, message: "use frame.size")
  public var mj_size: CGSize {
    get { frame.size }
    set { frame.size = newValue }
  }

  /// MJRefresh's `mj_origin`; here `frame.origin`.
  @available(*, unavailable, message: "use frame.origin")
  public var mj_origin: CGPoint {
    get { frame.origin }
    set { frame.origin = newValue }
  }
}
