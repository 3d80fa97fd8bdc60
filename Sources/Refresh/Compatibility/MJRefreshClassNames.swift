// MJRefresh 3.7.9's class names (its headers under MJRefresh/Base and MJRefresh/Custom), each an
// unavailable alias of the class that takes its place here. Code ported from MJRefresh then
// fails to compile with "'MJRefreshNormalHeader' has been renamed to 'RefreshNormalHeader'", and
// Xcode and SourceKit-LSP offer the rename as a fix-it. The aliases cannot be used: they exist
// only for the message and the fix-it.

/// MJRefresh's base class of every component; here ``RefreshComponent``.
@available(*, unavailable, renamed: "RefreshComponent")
public typealias MJRefreshComponent = RefreshComponent

/// MJRefresh's base header; here ``RefreshHeader``.
@available(*, unavailable, renamed: "RefreshHeader")
public typealias MJRefreshHeader = RefreshHeader

/// MJRefresh's header with titles; here ``RefreshStateHeader``.
@available(*, unavailable, renamed: "RefreshStateHeader")
public typealias MJRefreshStateHeader = RefreshStateHeader

/// MJRefresh's header with an arrow and a spinner; here ``RefreshNormalHeader``.
@available(*, unavailable, renamed: "RefreshNormalHeader")
public typealias MJRefreshNormalHeader = RefreshNormalHeader

/// MJRefresh's header with animation frames; here ``RefreshGifHeader``.
@available(*, unavailable, renamed: "RefreshGifHeader")
public typealias MJRefreshGifHeader = RefreshGifHeader

/// MJRefresh's base footer; here ``RefreshFooter``.
@available(*, unavailable, renamed: "RefreshFooter")
public typealias MJRefreshFooter = RefreshFooter

/// MJRefresh's base automatic footer; here ``RefreshAutoFooter``.
@available(*, unavailable, renamed: "RefreshAutoFooter")
public typealias MJRefreshAutoFooter = RefreshAutoFooter

/// MJRefresh's automatic footer with titles; here ``RefreshAutoStateFooter``.
@available(*, unavailable, renamed: "RefreshAutoStateFooter")
public typealias MJRefreshAutoStateFooter = RefreshAutoStateFooter

/// MJRefresh's automatic footer with a spinner; here ``RefreshAutoNormalFooter``.
@available(*, unavailable, renamed: "RefreshAutoNormalFooter")
public typealias MJRefreshAutoNormalFooter = RefreshAutoNormalFooter

/// MJRefresh's automatic footer with animation frames; here ``RefreshAutoGifFooter``.
@available(*, unavailable, renamed: "RefreshAutoGifFooter")
public typealias MJRefreshAutoGifFooter = RefreshAutoGifFooter

/// MJRefresh's base back footer; here ``RefreshBackFooter``.
@available(*, unavailable, renamed: "RefreshBackFooter")
public typealias MJRefreshBackFooter = RefreshBackFooter

/// MJRefresh's back footer with titles; here ``RefreshBackStateFooter``.
@available(*, unavailable, renamed: "RefreshBackStateFooter")
public typealias MJRefreshBackStateFooter = RefreshBackStateFooter

/// MJRefresh's back footer with an arrow and a spinner; here ``RefreshBackNormalFooter``.
@available(*, unavailable, renamed: "RefreshBackNormalFooter")
public typealias MJRefreshBackNormalFooter = RefreshBackNormalFooter

/// MJRefresh's back footer with animation frames; here ``RefreshBackGifFooter``.
@available(*, unavailable, renamed: "RefreshBackGifFooter")
public typealias MJRefreshBackGifFooter = RefreshBackGifFooter

/// MJRefresh's base trailer; here ``RefreshTrailer``.
@available(*, unavailable, renamed: "RefreshTrailer")
public typealias MJRefreshTrailer = RefreshTrailer

/// MJRefresh's trailer with titles; here ``RefreshStateTrailer``.
@available(*, unavailable, renamed: "RefreshStateTrailer")
public typealias MJRefreshStateTrailer = RefreshStateTrailer

/// MJRefresh's trailer with an arrow; here ``RefreshNormalTrailer``.
@available(*, unavailable, renamed: "RefreshNormalTrailer")
public typealias MJRefreshNormalTrailer = RefreshNormalTrailer

/// MJRefresh's configuration (language, strings table and bundle); here ``RefreshConfig``.
@available(*, unavailable, renamed: "RefreshConfig")
public typealias MJRefreshConfig = RefreshConfig

/// MJRefresh's block type (`MJRefreshComponentAction`), a closure with no arguments.
@available(*, unavailable, message: "write the closure type: () -> Void")
public typealias MJRefreshComponentAction = () -> Void
