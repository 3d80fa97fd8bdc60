import Dispatch
import Foundation
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

/// `ObservingKeyPaths.md` and the README: the array mutations.
enum ArrayMutationsSample {
  final class Playlist: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed var songs: [String] = []
  }

  static func run(output: @escaping (String) -> Void) {
    func print(_ items: Any...) { output(items.map { "\($0)" }.joined(separator: " ")) }
    let list = Playlist()
    let token = list.observe(\.songs, options: [.old, .new]) { _, change in
      print(change.kind, Array(change.indexes!), change.oldValue ?? [], change.newValue ?? [])
    }
    list.append(contentsOf: ["a", "b", "c"], to: \.songs)  // insertion [0, 1, 2] [] ["a", "b", "c"]
    list.insert(["x", "y"], at: IndexSet([1, 3]), into: \.songs)  // insertion [1, 3] [] ["x", "y"]
    list.remove(at: 0, from: \.songs)  // removal [0] ["a"] []
    list.replaceSubrange(0..<2, with: ["X"], in: \.songs)  // replacement [0] ["x"] ["X"]
    // removal [1] ["b"] []
    token.invalidate()
  }
}

/// `ObservingKeyPaths.md` and the README: what `values(for:)` yields first.
enum ValuesSample {
  final class Thermometer: Observable {
    let observationRegistry = ObservationRegistry()
    @Observed var celsius = 20.0
  }

  static func run(output: @escaping (String) -> Void) async {
    func print(_ items: Any...) { output(items.map { "\($0)" }.joined(separator: " ")) }
    let thermometer = Thermometer()
    let readings = thermometer.values(for: \.celsius)  // observes from here on
    thermometer.celsius = 21
    thermometer.celsius = 22
    for await celsius in readings.prefix(3) {
      print(celsius)  // 20.0 (the value when values(for:) was called), 21.0, 22.0
    }
  }
}

/// `ObservingKeyPaths.md`: an object shared by threads in Swift 6.
enum SharingAcrossThreadsSample {
  final class Download: Observable, @unchecked Sendable {
    let observationRegistry = ObservationRegistry()

    // Every read and assignment of `storedProgress` holds `lock`: the promise behind
    // `@unchecked Sendable`. Recursive, because observers of `progress` run inside the
    // assignment, on the assigning thread, and read `progress` again.
    private let lock = NSRecursiveLock()
    @Observed private var storedProgress = 0.0

    var progress: Double {
      get { lock.withLock { storedProgress } }
      set { lock.withLock { storedProgress = newValue } }
    }
  }

  static func run(output: @escaping @Sendable (String) -> Void) {
    @Sendable func print(_ items: Any...) {
      output(items.map { "\($0)" }.joined(separator: " "))
    }
    let download = Download()
    let workers = DispatchGroup()
    for worker in 1...4 {
      DispatchQueue.global().async(group: workers) {
        // Registering and invalidating need no lock of yours, on any thread.
        let token = download.observe(\.progress, options: [.old, .new]) { _, change in
          // Runs on the assigning thread, inside the assignment (and `lock`).
          print(change.oldValue!, "->", change.newValue!)
        }
        download.progress = Double(worker) / 4
        token.invalidate()
      }
    }
    workers.wait()
    print(download.progress)  // 0.25, 0.5, 0.75 or 1.0: whichever worker assigned last
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

  @Test func arrayMutations() {
    let printed = Log<String>()
    ArrayMutationsSample.run(output: printed.append)
    #expect(
      printed.values == [
        #"insertion [0, 1, 2] [] ["a", "b", "c"]"#,
        #"insertion [1, 3] [] ["x", "y"]"#,
        #"removal [0] ["a"] []"#,
        #"replacement [0] ["x"] ["X"]"#,
        #"removal [1] ["b"] []"#,
      ])
  }

  @Test func valuesStartWithTheCurrentValue() async {
    let printed = Log<String>()
    await ValuesSample.run(output: printed.append)
    #expect(printed.values == ["20.0", "21.0", "22.0"])
  }
}

/// The threads sample, on its own so that it can run under the thread sanitizer alone
/// (`swift test --sanitize=thread --filter SharingAcrossThreadsSampleTests`).
@Suite("Documentation sample: sharing an observable object across threads")
struct SharingAcrossThreadsSampleTests {
  static let assigned = ["0.25", "0.5", "0.75", "1.0"]

  @Test(arguments: 1...20)
  func everyWorkerSeesItsOwnAssignment(round: Int) {
    let printed = Log<String>()
    SharingAcrossThreadsSample.run(output: printed.append)
    var lines = printed.values
    let last = lines.removeLast()
    #expect(Self.assigned.contains(last))
    let changes = lines.map { $0.split(separator: " ").map(String.init) }
    // Each worker's observer is registered before its assignment and invalidated after it.
    #expect(Set(changes.map { $0[2] }) == Set(Self.assigned))
    for change in changes {
      #expect(change.count == 3 && change[1] == "->")
      #expect(change[0] != change[2], "each worker assigns a value no one else does")
      #expect(change[0] == "0.0" || Self.assigned.contains(change[0]))
    }
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
