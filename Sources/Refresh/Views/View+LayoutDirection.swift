extension View {
  /// The direction the view lays its content out in (UIKit's
  /// `effectiveUserInterfaceLayoutDirection`): its own ``semanticContentAttribute`` when it
  /// forces one, else its nearest ancestor's that does, else ``defaultLayoutDirection``.
  ///
  /// Unlike UIKit, where a view's attribute does not reach its subviews, an unspecified view
  /// takes its superview's direction: forcing a list right to left flips its rows and its
  /// refresh components.
  ///
  /// In a right-to-left view, labels aligned left align right (centered ones stay centered),
  /// the components' arrow and spinner sit right of their titles, and the leading and trailing
  /// edges swap: a trailer sits at the left end of its content, a leader at the right end.
  public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
    var view: View? = self
    while let current = view {
      switch current.semanticContentAttribute {
      case .forceLeftToRight: return .leftToRight
      case .forceRightToLeft: return .rightToLeft
      case .unspecified: view = current.superview
      }
    }
    return View.defaultLayoutDirection
  }

  /// The direction of views that force none, nor do their ancestors (UIKit's
  /// `UIApplication.userInterfaceLayoutDirection`).
  ///
  /// Unless set, the direction of the language the refresh components' titles are in
  /// (``RefreshConfig/layoutDirection``): right to left in Arabic and Hebrew, so that
  /// `LANG=ar_EG.UTF-8` flips an app with no line about it. Set it to force one for every view;
  /// ``resetDefaultLayoutDirection()`` returns to the language's.
  public static var defaultLayoutDirection: UserInterfaceLayoutDirection {
    get { forcedDefaultLayoutDirection ?? RefreshConfig.default.layoutDirection }
    set { forcedDefaultLayoutDirection = newValue }
  }

  /// Goes back to the direction of the titles' language after ``defaultLayoutDirection`` was
  /// set.
  public static func resetDefaultLayoutDirection() {
    forcedDefaultLayoutDirection = nil
  }
}

/// The direction ``View/defaultLayoutDirection`` was set to, if it was.
@MainActor private var forcedDefaultLayoutDirection: UserInterfaceLayoutDirection?
