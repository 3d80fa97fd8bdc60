import Foundation

/// How far the content may be pulled past the edges of its valid range.
///
/// A refresh component with a `maximumPullDistance` registers it here, along its edge; the
/// scroll model then never shows the content further past that edge than the smallest limit
/// registered for it: a drag is rubber-banded, then stopped at the limit (SmartRefreshLayout's
/// max drag rate, easy_refresh's `maxOverOffset`), a glide or spring past the edge is held
/// there, and an offset assigned beyond it (raw driving) is corrected at once. The limits count
/// from ``minimumContentOffset`` and ``maximumContentOffset``, so they move with the insets.
extension ScrollModel {
  /// Sets the limits an owner puts on pulls past each edge, replacing its previous ones.
  ///
  /// - Parameters:
  ///   - limits: How far past the top, left, bottom and right edges the content may go;
  ///     `.infinity` on a side means no limit there. Negative and NaN values count as 0.
  ///   - owner: The component they belong to (its identity is the key).
  func setPullLimits(_ limits: EdgeInsets, for owner: AnyObject) {
    func sanitized(_ value: CGFloat) -> CGFloat { value > 0 ? value : 0 }
    let limits = EdgeInsets(
      top: sanitized(limits.top), left: sanitized(limits.left), bottom: sanitized(limits.bottom),
      right: sanitized(limits.right))
    let key = ObjectIdentifier(owner)
    pullLimits.removeAll { $0.owner == key }
    if limits != EdgeInsets.noPullLimits { pullLimits.append((key, limits)) }
    pullLimitsDidChange()
    // Content already further out than a new limit comes back to it. A glide or spring under
    // way carries on from there (its frames are held at the limit too), so that the content
    // still comes to rest in its valid range: assigned as any other offset, it would stop.
    let limited = offsetWithinPullLimits(contentOffset)
    guard limited != contentOffset else { return }
    if movement != nil {
      setOffsetByItself(limited)
    } else {
      contentOffset = limited
    }
  }

  /// Removes an owner's limits.
  ///
  /// - Parameter owner: The component.
  func removePullLimits(for owner: AnyObject) {
    let key = ObjectIdentifier(owner)
    guard pullLimits.contains(where: { $0.owner == key }) else { return }
    pullLimits.removeAll { $0.owner == key }
    pullLimitsDidChange()
  }

  private func pullLimitsDidChange() {
    guard !pullLimits.isEmpty else {
      pullLimit = nil
      return
    }
    pullLimit = pullLimits.reduce(EdgeInsets.noPullLimits) { smallest, entry in
      EdgeInsets(
        top: min(smallest.top, entry.limits.top), left: min(smallest.left, entry.limits.left),
        bottom: min(smallest.bottom, entry.limits.bottom),
        right: min(smallest.right, entry.limits.right))
    }
  }

  /// `offset` held within the pull limits.
  ///
  /// At most ``pullLimit`` past each edge of the valid range; without limits, `offset` itself.
  func offsetWithinPullLimits(_ offset: CGPoint) -> CGPoint {
    guard let limit = pullLimit else { return offset }
    let minimum = minimumContentOffset
    let maximum = maximumContentOffset
    return CGPoint(
      x: min(max(offset.x, minimum.x - limit.left), maximum.x + limit.right),
      y: min(max(offset.y, minimum.y - limit.top), maximum.y + limit.bottom))
  }

  /// Whether a displayed overshoot of `distance` past the edge that `side` names has reached
  /// its limit (then the content no longer follows the finger there).
  func isAtPullLimit(_ distance: CGFloat, side: KeyPath<EdgeInsets, CGFloat>) -> Bool {
    guard let limit = pullLimit?[keyPath: side] else { return false }
    return distance >= limit
  }

  /// Brings an offset assigned past the limits back within them; returns whether it did (the
  /// correcting assignment has then done the rest of the offset's bookkeeping).
  func correctOffsetPastPullLimits(from oldValue: CGPoint) -> Bool {
    let limited = offsetWithinPullLimits(contentOffset)
    guard limited != contentOffset else { return false }
    contentOffset = limited
    return true
  }
}

extension EdgeInsets {
  /// No limit on any side.
  static let noPullLimits = EdgeInsets(
    top: .infinity, left: .infinity, bottom: .infinity, right: .infinity)
}
