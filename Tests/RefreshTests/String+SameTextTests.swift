import Foundation
import Testing

@testable import Refresh

@Suite("String.isSameText: code-unit equality of texts")
struct StringSameTextTests {
  @Test(
    arguments: [
      (nil, nil, true), (nil, "", false), ("", nil, false), ("", "", true),
      ("Loading...", "Loading...", true), ("Loading...", "Loading..", false),
      ("Pull down to refresh", "Pull down to refresh", true),
      ("Pull down to refresh", "Release to refresh", false),
      // The same length, one code unit apart, at the start, the middle and the end.
      ("Pull down to refresh", "Pull down to refresH", false),
      ("Pull down to refresh", "Pull dowN to refresh", false),
      ("Pull down to refresh", "pull down to refresh", false),
      ("下拉可以刷新", "下拉可以刷新", true), ("下拉可以刷新", "下拉可以刷心", false),
      // Canonically equivalent (`==` says so) but drawn from different scalars.
      ("\u{E9}", "e\u{301}", false), ("caf\u{E9}", "cafe\u{301}", false),
    ] as [(String?, String?, Bool)])
  func comparesCodeUnits(_ lhs: String?, _ rhs: String?, same: Bool) {
    #expect(lhs.isSameText(as: rhs) == same)
    #expect(rhs.isSameText(as: lhs) == same)
  }

  /// Texts built at run time (not literals), long enough to live on the heap, and one text
  /// compared with itself.
  @Test func comparesHeapTextsAndTheSameStorage() {
    let title = String(repeating: "Release to refresh ", count: 3)
    let copy = String(title.utf8.map { Character(UnicodeScalar($0)) })
    #expect(title.isSameText(as: copy))
    #expect(title.isSameText(as: title))
    var changed = Array(copy.utf8)
    changed[changed.count / 2] ^= 0x20
    #expect(!title.isSameText(as: String(decoding: changed, as: UTF8.self)))
  }

  /// A text that is not contiguous UTF-8 (bridged from `NSString` where Foundation bridges) is
  /// compared code unit by code unit.
  @Test func comparesTextsFromFoundation() {
    let bridged = NSString(string: "Pull down to refresh") as String
    #expect(bridged.isSameText(as: "Pull down to refresh"))
    #expect(!bridged.isSameText(as: "Pull down to refresh!"))
    #expect(!bridged.isSameText(as: "Pull down to refreSh"))
  }
}
