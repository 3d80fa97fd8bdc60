import Foundation

extension Optional where Wrapped == String {
  /// Whether two texts are the same code units, or both absent.
  ///
  /// A label's text counts as changed when its code units change, which is what UIKit's
  /// `UILabel` compares (`isEqualToString:`), rather than when it stops being canonically
  /// equivalent (`==`): "é" precomposed and "e" with a combining accent are drawn from
  /// different scalars, so they are different texts to draw and measure. It is also cheaper:
  /// two titles of different lengths differ at their counts, where `==` compares their code
  /// units first (a refresh component's state change compares its title about four times).
  ///
  /// ```swift
  /// Optional("Loading...").isSameText(as: "Loading...")  // true
  /// Optional("\u{E9}").isSameText(as: "e\u{301}")  // false, though == says true
  /// ```
  ///
  /// - Parameter other: The other text.
  /// - Returns: `true` if both are `nil`, or both are texts of the same UTF-8 code units.
  func isSameText(as other: String?) -> Bool {
    guard let self else { return other == nil }
    guard let other else { return false }
    return self.isSameText(as: other)
  }
}

extension String {
  /// Whether two texts are the same code units (see `Optional.isSameText(as:)`).
  ///
  /// - Parameter other: The other text.
  /// - Returns: `true` if both are the same UTF-8 code units.
  @inline(__always)
  func isSameText(as other: String) -> Bool {
    // O(1) for native strings, and inlined: most titles that differ differ here.
    let count = utf8.count
    guard count == other.utf8.count else { return false }
    return hasSameCodeUnits(as: other, count: count)
  }

  /// Whether two texts of `count` UTF-8 code units each are the same code units.
  @inline(never)
  private func hasSameCodeUnits(as other: String, count: Int) -> Bool {
    guard count > 0 else { return true }
    let contiguous = utf8.withContiguousStorageIfAvailable { mine in
      other.utf8.withContiguousStorageIfAvailable { theirs in
        // The same storage (a title read back from the label that shows it) is the same text.
        mine.baseAddress == theirs.baseAddress
          || memcmp(mine.baseAddress!, theirs.baseAddress!, count) == 0
      }
    }
    return (contiguous ?? nil) ?? utf8.elementsEqual(other.utf8)
  }
}
