import Foundation

@testable import Refresh

/// A canvas that records every call with the state the walk set for it.
@MainActor
final class CanvasCallRecorder: Canvas {
  enum Call: Equatable {
    case fill(CGRect, Color, CanvasState)
    case text(String, CGRect, TextAttributes, CanvasState)
    case image(Image, CGRect, tint: Color, CanvasState)
    case spinner(CGRect, Color, frame: Int, CanvasState)
    case scrollIndicator(CGRect, Color, CanvasState)
  }

  var state = CanvasState(clip: .zero)
  private(set) var calls: [Call] = []

  func fill(_ rect: CGRect, color: Color) {
    calls.append(.fill(rect, color, state))
  }

  func drawText(_ text: String, in rect: CGRect, attributes: TextAttributes) {
    calls.append(.text(text, rect, attributes, state))
  }

  func drawImage(_ image: Image, in rect: CGRect, tint: Color) {
    calls.append(.image(image, rect, tint: tint, state))
  }

  func drawSpinner(in rect: CGRect, color: Color, frame: Int) {
    calls.append(.spinner(rect, color, frame: frame, state))
  }

  func drawScrollIndicator(in rect: CGRect, color: Color) {
    calls.append(.scrollIndicator(rect, color, state))
  }

  /// The scroll indicators' thumbs drawn, in the canvas's coordinates.
  var scrollIndicators: [CGRect] {
    calls.compactMap {
      if case .scrollIndicator(let rect, _, let state) = $0 { state.convert(rect) } else { nil }
    }
  }
}
