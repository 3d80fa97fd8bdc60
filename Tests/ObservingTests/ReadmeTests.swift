import Observation
import Observing
import Testing

/// The README's quick start, as written there, so that it cannot rot.
@Suite("README examples")
struct ReadmeTests {
  final class Person: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed var name = "a"
    @Observed var friends: [String] = []
  }

  @Test func quickStart() {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    let person = Person()
    let token = person.observe(\.name, options: [.old, .new]) { person, change in
      print("name:", change.oldValue!, "->", change.newValue!)  // name: a -> b
    }
    person.name = "b"
    token.invalidate()  // or let the token go

    #expect(printed == ["name: a -> b"])
  }

  final class Thermostat: Observable {  // Observing.Observable, which refines Observation's
    let observationRegistry = ObservationRegistry()
    @Observed var target = 20.0
  }

  @Test func observationTracksObservedProperties() {
    let printed = Log<String>()
    @Sendable func print(_ text: String) { printed.append(text) }

    let thermostat = Thermostat()
    withObservationTracking {
      _ = thermostat.target
    } onChange: {
      print("target will change")
    }
    thermostat.target = 22  // target will change

    #expect(printed.values == ["target will change"])
  }
}
