import Foundation

/// One row of the report: a measurement, optionally compared with an anchor from the same run.
struct Measurement: Codable {
  /// The section it belongs to ("Observing", "Scroll", ...).
  var section: String
  /// What was measured.
  var name: String
  /// The value, in `unit`.
  var value: Double
  /// The unit of `value` ("ns/op", "bytes", ...).
  var unit: String
  /// The anchor this row is compared with, and the ratio `value / anchor value`.
  var anchor: String?
  var ratio: Double?
  /// The goal, in words, and whether this run met it.
  var goal: String?
  var meetsGoal: Bool?
}

/// Runs benchmarks and collects their measurements.
struct Bench {
  var measurements: [Measurement] = []
  /// How long one sample should take, and how many samples a measurement takes at most.
  ///
  /// Samples are short and many, and a measurement reports the fastest: on a shared machine
  /// a sample that another process interrupts only ever gets slower, so the minimum is the
  /// figure least disturbed by the load (the median of long samples drifts with it).
  var sampleDuration: Double = 0.002
  var samples = 51
  /// The time one measurement may take in all; slow operations get fewer samples (never fewer
  /// than `minimumSamples`).
  var measurementBudget: Double = 0.15
  var minimumSamples = 7

  /// Measures the time per operation of `body`, which must perform `iterations` operations.
  ///
  /// Calibrates the iteration count so that a sample takes about `sampleDuration`, then returns
  /// the fastest of up to `samples` samples, in nanoseconds per operation.
  func nanoseconds(_ body: (Int) -> Void) -> Double {
    withoutActuallyEscaping(body) { interleaved([$0])[0] }
  }

  /// Measures bodies that are to be compared, with their samples interleaved: a sample of
  /// each in turn, round after round, and each body's fastest sample reported.
  ///
  /// Each body must perform `iterations` operations; its iteration count is calibrated on its
  /// own, as ``nanoseconds(_:)`` does, so that a sample takes about `sampleDuration`. Every
  /// body gets the same number of samples (up to `samples`, within `measurementBudget` per
  /// body), and each round starts one body later than the last, so that no body always
  /// follows the same one. Two figures measured one after the other can each meet a different
  /// load (a build starting, the clock speed changing); interleaved, each body's fastest
  /// sample is taken from the same stretch of time as the others', so their ratio moves much
  /// less from run to run.
  ///
  /// - Parameter bodies: The bodies, each performing the operations it is given.
  /// - Returns: Each body's time per operation, in nanoseconds, in the order of `bodies`.
  func interleaved(_ bodies: [(Int) -> Void]) -> [Double] {
    let calibrated = bodies.map(calibrate)
    let elapsed = calibrated.reduce(0) { $0 + $1.elapsed }
    let rounds = max(
      minimumSamples,
      min(samples, Int(Double(bodies.count) * measurementBudget / max(elapsed, 1e-9))))
    var fastest = Array(repeating: Double.infinity, count: bodies.count)
    for round in 0..<rounds {
      for step in bodies.indices {
        let index = (round + step) % bodies.count
        let iterations = calibrated[index].iterations
        let sample = time { bodies[index](iterations) } / Double(iterations) * 1e9
        fastest[index] = min(fastest[index], sample)
      }
    }
    return fastest
  }

  /// The iteration count at which a sample of `body` takes about `sampleDuration`, and the
  /// time such a sample takes (longer for an operation slower than a sample).
  private func calibrate(_ body: (Int) -> Void) -> (iterations: Int, elapsed: Double) {
    var iterations = 1
    while true {
      let elapsed = time { body(iterations) }
      if elapsed >= sampleDuration / 4 || iterations >= 1 << 30 {
        let scale = sampleDuration / max(elapsed, 1e-9)
        guard scale > 1 else { return (iterations, elapsed) }
        return (max(1, Int(Double(iterations) * scale)), sampleDuration)
      }
      iterations *= 4
    }
  }

  private func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Records a measurement.
  mutating func record(
    _ section: String,
    _ name: String,
    _ value: Double,
    unit: String = "ns/op",
    anchor: (name: String, value: Double)? = nil,
    goal: (text: String, met: Bool)? = nil
  ) {
    measurements.append(
      Measurement(
        section: section,
        name: name,
        value: value,
        unit: unit,
        anchor: anchor?.name,
        ratio: anchor.map { value / $0.value },
        goal: goal?.text,
        meetsGoal: goal?.met
      )
    )
  }

  /// The report as an aligned text table, one section after another.
  func table() -> String {
    var lines: [String] = []
    var section = ""
    for row in measurements {
      if row.section != section {
        section = row.section
        lines.append("")
        lines.append("== \(section)")
        lines.append(
          pad("measurement", 46) + pad("value", 16, right: true) + "  " + pad("vs anchor", 34)
            + "goal")
      }
      let value = pad(format(row.value) + " " + row.unit, 16, right: true)
      let versus = row.ratio.map { "\(format($0))x \(row.anchor ?? "")" } ?? ""
      let goal = row.goal.map { "\($0) \(row.meetsGoal == true ? "[met]" : "[MISSED]")" } ?? ""
      lines.append(pad(row.name, 46) + value + "  " + pad(versus, 34) + goal)
    }
    return lines.joined(separator: "\n")
  }

  /// The report as JSON.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(measurements), as: UTF8.self)
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }

  private func format(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
  }
}

/// Keeps a value alive until this call and opaque to the optimizer.
///
/// `@_optimize(none)` stops the optimizer from specializing the argument away, which would let
/// it release the value (tokens, say) before the measurement that needs it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns `value` unchanged, hidden from the optimizer: a closure that comes out of it is
/// called as an unknown function, never inlined or specialized into the loop that calls it.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }
