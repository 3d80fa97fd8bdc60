import Foundation

extension Label {
  /// A label styled as MJRefresh's: bold 14, rgb(90, 90, 90), centered.
  static func refreshLabel() -> Label {
    let label = Label(frame: .zero)
    label.fontSize = 14
    label.isBold = true
    label.textColor = .refreshText
    label.textAlignment = .center
    label.backgroundColor = nil
    return label
  }

  /// The width the label's text needs, in points (0 when hidden or empty).
  var textWidth: CGFloat {
    isHidden ? 0 : intrinsicContentSize.width
  }
}
