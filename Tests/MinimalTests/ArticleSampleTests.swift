import Foundation
import Testing

/// The DocC article's sample is `Examples/Minimal/main.swift`, which compiles as
/// `refresh-minimal`: every line of the article's code appears there, in order.
@Suite("The article's sample is the minimal app")
struct ArticleSampleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The lines of the Swift code blocks of a Markdown file, without surrounding spaces.
  static func sampleLines(of markdown: String) -> [String] {
    var lines: [String] = []
    var inside = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if !inside, trimmed == "```swift" {
        inside = true
      } else if inside, trimmed == "```" {
        inside = false
      } else if inside, !trimmed.isEmpty {
        lines.append(trimmed)
      }
    }
    return lines
  }

  @Test func everyLineOfTheSampleIsInTheAppInOrder() throws {
    let article = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Sources/Rendering/Rendering.docc/PullToRefreshInATerminalApp.md"),
      encoding: .utf8)
    let app = try String(
      contentsOf: Self.root.appendingPathComponent("Examples/Minimal/main.swift"), encoding: .utf8)
    let sample = Self.sampleLines(of: article)
    #expect(sample.count >= 40)
    var remaining = app.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
    for line in sample {
      guard let index = remaining.firstIndex(of: line) else {
        Issue.record("not in Examples/Minimal/main.swift, in order: \(line)")
        return
      }
      remaining = remaining[(index + 1)...]
    }
  }
}
