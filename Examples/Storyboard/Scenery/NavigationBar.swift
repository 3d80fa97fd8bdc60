import Foundation
import Refresh

/// A phone's status bar and navigation bar, 64 points tall: the top inset of the feeds.
///
/// It is added to the window above the scroll model, so a header pulled down appears below it,
/// as on an iPhone.
@MainActor
final class NavigationBar: View {
  /// The height of the status and navigation bars together, in points.
  static let height: CGFloat = 64

  /// The title in the middle of the bar.
  let title: String

  /// Creates a bar across the top of a window of a given width.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - width: The window's width, in points.
  init(title: String, width: CGFloat) {
    self.title = title
    super.init(frame: CGRect(x: 0, y: 0, width: width, height: Self.height))
    backgroundColor = Color(red: 247, green: 247, blue: 247)
  }

  override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    canvas.drawText(
      "9:41", in: CGRect(x: 0, y: 2, width: bounds.width, height: 18),
      attributes: TextAttributes(fontSize: 13, isBold: true, alignment: .center))
    canvas.drawText(
      title, in: CGRect(x: 0, y: 22, width: bounds.width, height: 40),
      attributes: TextAttributes(fontSize: 18, isBold: true, alignment: .center))
    canvas.fill(
      CGRect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1),
      color: Color(red: 200, green: 200, blue: 200))
  }
}
