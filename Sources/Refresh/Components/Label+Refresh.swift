import Foundation

extension Label {
  /// A label styled as MJRefresh's: bold 14, centered, in ``RefreshConfig/textColor``
  /// (MJRefresh's rgb(90, 90, 90) on a light surface).
  static func refreshLabel() -> Label {
    let label = Label(frame: .zero)
    label.fontSize = 14
    label.isBold = true
    label.textColor = RefreshConfig.default.textColor
    label.textAlignment = .center
    label.backgroundColor = nil
    return label
  }

  /// The width the label's text needs, in points (0 when hidden or empty).
  var textWidth: CGFloat {
    isHidden ? 0 : intrinsicContentSize.width
  }
}
