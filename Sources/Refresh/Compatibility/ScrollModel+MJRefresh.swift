// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (MJRefresh's own names, kept exactly so that the compiler can offer their renames.)

// MJRefresh 3.7.9's `UIScrollView (MJRefresh)` category (UIScrollView+MJRefresh.h): its
// `mj_`-prefixed properties, unavailable here with fix-its to the names without the prefix.

extension ScrollModel {
  /// MJRefresh's `mj_header`; here ``header``.
  @available(*, unavailable, renamed: "header")
  public var mj_header: RefreshHeader? {
    get { header }
    set { header = newValue }
  }

  /// MJRefresh's `mj_footer`; here ``footer``.
  @available(*, unavailable, renamed: "footer")
  public var mj_footer: RefreshFooter? {
    get { footer }
    set { footer = newValue }
  }

  /// MJRefresh's `mj_trailer`; here ``trailer``.
  @available(*, unavailable, renamed: "trailer")
  public var mj_trailer: RefreshTrailer? {
    get { trailer }
    set { trailer = newValue }
  }

}

// MJRefresh counts the rows of a table or collection view; here the list that holds rows,
// ``ListView``, counts them (a plain ``ScrollModel`` has none).
extension ListView {
  /// MJRefresh's `mj_totalDataCount()`; here ``totalDataCount``.
  @available(*, unavailable, renamed: "totalDataCount")
  public func mj_totalDataCount() -> Int { totalDataCount }
}
