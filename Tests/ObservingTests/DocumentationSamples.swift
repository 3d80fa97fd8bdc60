import Observing
import Testing

// The code of the Observing articles, as written there (DocumentationSampleTests checks that
// every line of each sample appears here, in order), so that it compiles and runs.

/// `Observing.md`.
enum LandingPageSample {
  final class Person: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed var name = "a"
  }

  static func run(output: @escaping (String) -> Void) {
    func print(_ items: Any...) { output(items.map { "\($0)" }.joined(separator: " ")) }
    let person = Person()
    let token = person.observe(\.name, options: [.old, .new]) { person, change in
      print(change.oldValue!, "->", change.newValue!)  // a -> b
    }
    person.name = "b"
    token.invalidate()
  }
}

/// `ObservingKeyPaths.md`.
enum KeyPathsArticleSample {
  final class Account: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed var first = "Ada"
    @Observed var last = "Lovelace"
    var fullName: String { "\(first) \(last)" }
  }

  static func run(output: @escaping (String) -> Void) {
    func print(_ items: Any...) { output(items.map { "\($0)" }.joined(separator: " ")) }
    let account = Account()
    let token = account.observe(\.fullName, options: .new) { _, change in
      print(change.newValue!)  // Augusta Lovelace
    }
    account.first = "Augusta"
    token.invalidate()
  }
}

@Suite("Documentation samples of Observing")
struct ObservingDocumentationSampleTests {
  @Test func landingPage() {
    let printed = Log<String>()
    LandingPageSample.run(output: printed.append)
    #expect(printed.values == ["a -> b"])
  }

  @Test func keyPathsArticle() {
    let printed = Log<String>()
    KeyPathsArticleSample.run(output: printed.append)
    #expect(printed.values == ["Augusta Lovelace"])
  }
}
