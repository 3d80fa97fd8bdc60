import Foundation
import Refresh

/// Records what a refresh component goes through (its states, its `pullingPercent`, the scroll
/// model's insets and offset) with the clock's time, for exact assertions over a gesture.
///
/// ```swift
/// let scene = RefreshScene()
/// let header = RefreshNormalHeader {}
/// scene.scroll.header = header
/// let recorder = ComponentRecorder(header)
/// scene.pull(by: 27)                   // half of the 54-point header
/// scene.pull(by: 39)
/// scene.release()
/// #expect(recorder.states == [.pulling, .refreshing])
/// #expect(recorder.pullingPercents.first == 0.5)
/// #expect(recorder.insets.last?.top == 118)
/// ```
///
/// A sample is taken whenever one of the recorded values changes (a sample equal to the last
/// one is not repeated). The recording starts with the values as they are.
@MainActor
public final class ComponentRecorder {
  /// The recorded values at one moment.
  public struct Sample: Hashable, Sendable, CustomStringConvertible {
    /// The clock's time, in seconds.
    public var time: TimeInterval
    /// The component's state.
    public var state: RefreshState
    /// The component's `pullingPercent`.
    public var pullingPercent: CGFloat
    /// The scroll model's `adjustedContentInset`.
    public var inset: EdgeInsets
    /// The scroll model's `contentOffset`.
    public var offset: CGPoint

    /// One line: `0.250 s · refreshing · pull 1.00 · inset 118/0 · offset -118`.
    public var description: String {
      func number(_ value: CGFloat) -> String {
        let text = String(format: "%.1f", Double(value))
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
      }
      return String(format: "%.3f s", time) + " · \(state) · "
        + String(format: "pull %.2f", Double(pullingPercent))
        + " · inset \(number(inset.top))/\(number(inset.bottom))"
        + " · offset \(number(offset.y))"
    }
  }

  /// The component recorded.
  public let component: RefreshComponent
  /// Every sample, in order.
  public private(set) var samples: [Sample] = []

  private let scroll: ScrollModel?
  private var tokens: [ObservationToken] = []

  /// Starts recording a component.
  ///
  /// - Parameter component: The component; its scroll model's insets and offset are recorded
  ///   too (zero while it has none).
  public init(_ component: RefreshComponent) {
    self.component = component
    scroll = component.scrollView
    take()
    tokens.append(component.observe(\.state) { [weak self] _, _ in self?.take() })
    tokens.append(component.observe(\.pullingPercent) { [weak self] _, _ in self?.take() })
    if let scroll {
      tokens.append(scroll.observe(\.adjustedContentInset) { [weak self] _, _ in self?.take() })
      tokens.append(scroll.observe(\.contentOffset) { [weak self] _, _ in self?.take() })
    }
  }

  /// Stops recording; the samples stay.
  public func stop() {
    for token in tokens { token.invalidate() }
    tokens = []
  }

  /// The states the component moved to, in order (the state it started in is left out).
  public var states: [RefreshState] {
    transitions.map(\.to)
  }

  /// Each change of state, in order.
  public var transitions: [(from: RefreshState, to: RefreshState)] {
    zip(samples, samples.dropFirst()).compactMap { previous, next in
      previous.state == next.state ? nil : (previous.state, next.state)
    }
  }

  /// The distinct values `pullingPercent` took, in order, after the first.
  public var pullingPercents: [CGFloat] {
    changes(of: \.pullingPercent)
  }

  /// The distinct adjusted insets, in order, after the first.
  public var insets: [EdgeInsets] {
    changes(of: \.inset)
  }

  /// The samples one a line, for reading or for a snapshot (`.lines`).
  public var timeline: String {
    samples.map(\.description).joined(separator: "\n") + "\n"
  }

  private func changes<Value: Equatable>(of keyPath: KeyPath<Sample, Value>) -> [Value] {
    var values: [Value] = []
    var last = samples.first?[keyPath: keyPath]
    for sample in samples.dropFirst() where sample[keyPath: keyPath] != last {
      values.append(sample[keyPath: keyPath])
      last = sample[keyPath: keyPath]
    }
    return values
  }

  private func take() {
    let sample = Sample(
      time: scroll?.window?.clock.now ?? component.window?.clock.now ?? 0,
      state: component.state, pullingPercent: component.pullingPercent,
      inset: scroll?.adjustedContentInset ?? .zero, offset: scroll?.contentOffset ?? .zero)
    if let last = samples.last, last.state == sample.state,
      last.pullingPercent == sample.pullingPercent, last.inset == sample.inset,
      last.offset == sample.offset
    {
      return
    }
    samples.append(sample)
  }
}
