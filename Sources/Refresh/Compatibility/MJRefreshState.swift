// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (MJRefresh's own names, kept exactly so that the compiler can offer their renames.)

// MJRefresh 3.7.9's `MJRefreshState` (MJRefreshComponent.h). Swift code spells its cases
// `.idle`, `.pulling`, `.refreshing`, `.willRefresh` and `.noMoreData`, which are the cases of
// ``RefreshState`` too, with the same raw values (idle is 1): renaming the type ports them.
// The Objective-C constants (`MJRefreshStateIdle`, ...) are not visible to Swift code of
// MJRefresh's, but code translated line by line from Objective-C names them: each has a fix-it
// to its case.

/// MJRefresh's component state; here ``RefreshState``, with the same cases.
@available(*, unavailable, renamed: "RefreshState")
public typealias MJRefreshState = RefreshState

/// MJRefresh's `MJRefreshStateIdle`; here ``RefreshState/idle``.
@available(*, unavailable, renamed: "RefreshState.idle")
public var MJRefreshStateIdle: RefreshState { .idle }

/// MJRefresh's `MJRefreshStatePulling`; here ``RefreshState/pulling``.
@available(*, unavailable, renamed: "RefreshState.pulling")
public var MJRefreshStatePulling: RefreshState { .pulling }

/// MJRefresh's `MJRefreshStateRefreshing`; here ``RefreshState/refreshing``.
@available(*, unavailable, renamed: "RefreshState.refreshing")
public var MJRefreshStateRefreshing: RefreshState { .refreshing }

/// MJRefresh's `MJRefreshStateWillRefresh`; here ``RefreshState/willRefresh``.
@available(*, unavailable, renamed: "RefreshState.willRefresh")
public var MJRefreshStateWillRefresh: RefreshState { .willRefresh }

/// MJRefresh's `MJRefreshStateNoMoreData`; here ``RefreshState/noMoreData``.
@available(*, unavailable, renamed: "RefreshState.noMoreData")
public var MJRefreshStateNoMoreData: RefreshState { .noMoreData }
