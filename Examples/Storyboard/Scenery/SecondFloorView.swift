import Foundation
import Refresh

/// What a two-level header's second floor shows in the storyboards: a promotion page in a deep
/// blue, with a title and a line about how to leave it, drawn in the middle of the floor.
///
/// It replaces the header's `secondFloorView`, which the header lays out to the scroll
/// model's size.
@MainActor
final class SecondFloorView: View {
  /// The headline in the middle of the floor.
  let title: String

  /// Creates a floor page.
  ///
  /// - Parameter title: The headline.
  init(title: String) {
    self.title = title
    super.init(frame: .zero)
    backgroundColor = Color(red: 28, green: 48, blue: 96)
  }

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let middle = bounds.height / 2
    canvas.drawText(
      title, in: CGRect(x: 0, y: middle - 40, width: bounds.width, height: 40),
      attributes: TextAttributes(
        fontSize: 24, isBold: true, color: .white, alignment: .center))
    canvas.drawText(
      "closeSecondFloor() takes you back",
      in: CGRect(x: 0, y: middle + 8, width: bounds.width, height: 18),
      attributes: TextAttributes(
        fontSize: 13, color: Color(red: 200, green: 210, blue: 235), alignment: .center))
  }
}
