import Foundation

#if DEBUG
  extension RefreshComponent {
    /// Checks that the component's contribution to its scroll model's insets matches its state.
    ///
    /// Traps when it does not. Debug builds and tests only.
    ///
    /// A pulled component adds insets only while refreshing (and the header while it holds a
    /// result), only along its edge on screen: up to its height at the top (the header's inset
    /// follows the content there), its width at the left, at least its extent at the bottom or the
    /// right (left and right swap for a leader or trailer in a right-to-left layout); a
    /// component that holds an inset outside refreshing (``heldContribution``) holds exactly
    /// it. Other kinds check their own rule in ``_checkOwnInvariants(contribution:)``. Between
    /// changes, the state machine agrees with the observed state and no state change is in
    /// progress.
    func _checkInvariants() {
      precondition(machine.state == state, "\(self): the machine is \(machine.state), not \(state)")
      precondition(machine.depth == 0, "\(self): a state change is still in progress")
      precondition(
        state != .failed || refreshingTask == nil, "\(self): failed with its action still running")
      precondition(state == .failed || failureMessage == nil, "\(self): a message but no failure")
      guard let scrollView else { return }
      scrollView.attachedComponents?._checkInvariants()
      let contribution = scrollView.insetContribution(for: self)
      precondition(
        scrollView.insets(excluding: self) == scrollView.adjustedContentInset - contribution,
        "\(self): the insets it measures from are not the adjusted insets without its own")
      // Along the edge on screen: a trailer's inset is on the left in a right-to-left layout.
      guard let pullEdge = pullEdgeOnScreen else {
        automaticTrigger?.checkContribution(contribution, of: self)
        return
      }
      if let held = heldContribution {
        precondition(contribution == held, "\(self): holds \(contribution), not \(held)")
        return
      }
      let extent = pullEdge.extent(of: frame)
      let tolerance: CGFloat = 1e-9
      guard state == .refreshing || isHoldingRefreshInset else {
        precondition(contribution == .zero, "\(self): \(state) but contributes \(contribution)")
        return
      }
      // The inset along the edge, and the same alone: it must be all the contribution.
      var alongEdge = EdgeInsets.zero
      let inset: CGFloat
      switch pullEdge {
      case .top: (inset, alongEdge.top) = (contribution.top, contribution.top)
      case .bottom: (inset, alongEdge.bottom) = (contribution.bottom, contribution.bottom)
      case .leading: (inset, alongEdge.left) = (contribution.left, contribution.left)
      case .trailing: (inset, alongEdge.right) = (contribution.right, contribution.right)
      }
      switch pullEdge {
      case .top:
        // The header's inset follows the content while refreshing, within its height.
        precondition(
          (-tolerance...extent + tolerance).contains(inset),
          "\(self): the top inset \(inset) is outside 0...\(extent)")
      case .leading:
        precondition(
          state != .refreshing || abs(inset - extent) <= tolerance,
          "\(self): refreshing with a left inset \(inset), not \(extent)")
      case .bottom, .trailing:
        // At the far end, short content adds what it lacks of the viewport.
        precondition(
          state != .refreshing || inset >= extent - tolerance,
          "\(self): refreshing with an inset \(inset) at \(pullEdge), below \(extent)")
      }
      precondition(contribution == alongEdge, "\(self): contributes off its edge: \(contribution)")
    }
  }
#endif
