import Foundation

/// A line-by-line difference between a reference and a new snapshot, written as a unified diff:
/// hunks headed `@@ -3,4 +3,4 @@`, lines only in the reference after `-`, lines only in the
/// snapshot after `+`, and two lines of context around each change.
struct SnapshotDifference {
  /// One line of the comparison.
  enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The lines of both texts in order, each marked.
  let lines: [Line]

  /// The number of lines of context around a change.
  static let context = 2

  /// Above this many lines in the part that differs (after the common beginning and end), the
  /// comparison does not look for common lines inside it: everything there counts as
  /// changed, which keeps a wholly different large snapshot quick to report.
  static let largestSearch = 4_000

  /// Compares two texts.
  ///
  /// - Parameters:
  ///   - reference: The reference file's text.
  ///   - actual: The snapshot's text.
  init(reference: String, actual: String) {
    let old = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    lines =
      old[..<prefix].map(Line.same) + Self.compare(oldMiddle, newMiddle)
      + old[(old.count - suffix)...].map(Line.same)
  }

  /// Whether the texts are the same.
  var isEmpty: Bool {
    !lines.contains { if case .same = $0 { false } else { true } }
  }

  /// The longest common subsequence of the lines, by dynamic programming.
  private static func compare(_ old: [String], _ new: [String]) -> [Line] {
    guard !old.isEmpty, !new.isEmpty else {
      return old.map(Line.removed) + new.map(Line.added)
    }
    guard old.count <= largestSearch, new.count <= largestSearch else {
      return old.map(Line.removed) + new.map(Line.added)
    }
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    let width = new.count + 1
    var lengths = [Int](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i * width + j] =
          old[i] == new[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < old.count, j < new.count {
      if old[i] == new[j] {
        result.append(.same(old[i]))
        i += 1
        j += 1
      } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
        result.append(.removed(old[i]))
        i += 1
      } else {
        result.append(.added(new[j]))
        j += 1
      }
    }
    return result + old[i...].map(Line.removed) + new[j...].map(Line.added)
  }

  /// The start of the kit's sections: a line that begins with it heads what follows (a
  /// filmstrip's `── frame 2 · 0.100 s`).
  static let sectionMark = "── "

  /// The section line at or before line `index`, if the text has sections: what a hunk's
  /// header names, as git names the function a change is in, so that a changed frame of a
  /// filmstrip says which frame it is.
  private func section(of index: Int) -> String? {
    for line in lines[...index].reversed() {
      let content: String
      switch line {
      case .same(let text), .removed(let text), .added(let text): content = text
      }
      if content.hasPrefix(Self.sectionMark) { return content }
    }
    return nil
  }

  /// The changed lines with their context, in hunks; empty when the texts are the same.
  ///
  /// A hunk of a text with sections (``sectionMark``) names, after its header, the section
  /// its first change is in.
  var unified: String {
    // Where each line sits in the reference and in the snapshot, 1-based.
    var positions: [(old: Int, new: Int)] = []
    var old = 1
    var new = 1
    for line in lines {
      positions.append((old, new))
      switch line {
      case .same:
        old += 1
        new += 1
      case .removed: old += 1
      case .added: new += 1
      }
    }
    let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
    guard !changed.isEmpty else { return "" }
    // Runs of changes closer than twice the context share a hunk.
    var hunks: [ClosedRange<Int>] = []
    for index in changed {
      let low = max(0, index - Self.context)
      let high = min(lines.count - 1, index + Self.context)
      if let last = hunks.last, low <= last.upperBound + 1 {
        hunks[hunks.count - 1] = last.lowerBound...high
      } else {
        hunks.append(low...high)
      }
    }
    var text: [String] = []
    for hunk in hunks {
      let slice = lines[hunk]
      let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
      let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
      let start = positions[hunk.lowerBound]
      let header = "@@ -\(start.old),\(oldCount) +\(start.new),\(newCount) @@"
      let firstChange = changed.first { hunk.contains($0) } ?? hunk.lowerBound
      text.append(section(of: firstChange).map { header + " " + $0 } ?? header)
      for line in slice {
        switch line {
        case .same(let content): text.append(" " + content)
        case .removed(let content): text.append("-" + content)
        case .added(let content): text.append("+" + content)
        }
      }
    }
    return text.joined(separator: "\n")
  }
}
