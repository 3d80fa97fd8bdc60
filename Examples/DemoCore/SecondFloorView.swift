import Foundation
import Refresh

/// The demo's second floor: a coloured page saying where the user is and how to go back.
@MainActor
final class SecondFloorView: View {
  private let title = Label(text: "The second floor")
  private let hint = Label(text: "press s to go back")

  init() {
    super.init(frame: .zero)
    backgroundColor = Color(hex: 0xFF8A00)
    for label in [title, hint] {
      label.textColor = .white
      label.textAlignment = .center
      addSubview(label)
    }
    title.isBold = true
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let line = TextMetrics.lineHeight
    let middle = (bounds.height / line / 2).rounded(.down) * line
    title.frame = CGRect(x: 0, y: middle - line, width: bounds.width, height: line)
    hint.frame = CGRect(x: 0, y: middle + line, width: bounds.width, height: line)
  }
}
