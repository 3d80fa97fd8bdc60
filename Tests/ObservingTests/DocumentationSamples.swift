import Observation
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

/// `ObservationAndSwiftUI.md`.
enum ObservationArticleSample {
  final class Thermostat: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed var target = 20.0
    var label: String { "\(target) °C" }
  }

  static func run(output: @escaping @Sendable (String) -> Void) {
    @Sendable func print(_ items: Any...) { output(items.map { "\($0)" }.joined(separator: " ")) }

    let thermostat = Thermostat()
    let token = thermostat.observe(\.target, options: [.old, .new]) { _, change in
      print("KVO:", change.oldValue!, "->", change.newValue!)
    }
    withObservationTracking {
      print(thermostat.label)  // 20.0 °C
    } onChange: {
      print("label will change")
    }
    thermostat.target = 22  // label will change, then KVO: 20.0 -> 22.0
    token.invalidate()
  }
}

@Suite("The Observation article's sample")
struct ObservationArticleSampleTests {
  @Test func tracksAndObservesOneProperty() {
    let printed = Log<String>()
    ObservationArticleSample.run(output: printed.append)
    #expect(printed.values == ["20.0 °C", "label will change", "KVO: 20.0 -> 22.0"])
  }
}
