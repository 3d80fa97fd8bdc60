import Dispatch
import Foundation
import Observing
import Testing

/// A counter shared by threads, under a lock that the thread sanitizer understands.
private final class SharedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func increment() { lock.withLock { value += 1 } }
  var current: Int { lock.withLock { value } }
}

/// An observable object that crosses threads.
///
/// Each test writes a given gauge's value from one
/// thread at a time (the value itself is not atomic); registration, invalidation and delivery
/// happen from every thread at once.
private final class Gauge: Observable, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Observed var level = 0
}

@Suite("Observation from many threads")
struct ConcurrencyTests {
  @Test func concurrentSetObserveAndInvalidateFromEightThreads() {
    let threads = 8
    let rounds = 500
    let gauges = (0..<threads).map { _ in Gauge() }
    let delivered = SharedCounter()
    let steady = gauges.map { gauge in gauge.observe(\.level) { _, _ in delivered.increment() } }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      var generator = SplitMix64(seed: UInt64(thread) &+ 1)
      var tokens: [ObservationToken] = []
      for round in 0..<rounds {
        let other = gauges[Int(generator.next() % UInt64(threads))]
        switch generator.next() % 4 {
        case 0:
          tokens.append(other.observe(\.level, options: [.old, .new]) { _, _ in })
        case 1:
          if !tokens.isEmpty { tokens.removeLast().invalidate() }
        default:
          // Only this thread writes its own gauge.
          gauges[thread].level = round
        }
      }
      for token in tokens { token.invalidate() }
    }
    #expect(gauges.allSatisfy { $0.observationRegistry.count == 1 })
    let writes = gauges.map(\.level)
    #expect(writes.count == threads)
    for token in steady { token.invalidate() }
    #expect(gauges.allSatisfy { $0.observationRegistry.count == 0 })
  }

  @Test func everyWriteIsDeliveredToEveryObserverExactlyOnce() {
    let gauges = (0..<8).map { _ in Gauge() }
    let delivered = SharedCounter()
    let tokens = gauges.flatMap { gauge in
      (0..<4).map { _ in gauge.observe(\.level) { _, _ in delivered.increment() } }
    }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for value in 1...500 {
        gauges[thread].level = value
      }
    }
    #expect(delivered.current == 8 * 500 * 4)
    for token in tokens { token.invalidate() }
  }

  @Test func handlersRunOutsideTheRegistryLock() {
    // The handler waits for another thread that observes and invalidates on the same object:
    // if the registry's lock were held while handlers run, this would deadlock.
    let gauge = Gauge()
    let done = DispatchSemaphore(value: 0)
    let token = gauge.observe(\.level) { gauge, _ in
      DispatchQueue.global().async {
        let inner = gauge.observe(\.level) { _, _ in }
        inner.invalidate()
        done.signal()
      }
      done.wait()
    }
    gauge.level = 1
    #expect(gauge.observationRegistry.count == 1)
    token.invalidate()
  }

  @Test func tokensComeAndGoOnOtherThreadsWhileOneThreadWrites() {
    let gauge = Gauge()
    let delivered = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      if thread == 0 {
        for value in 1...2000 { gauge.level = value }
      } else {
        for _ in 0..<300 {
          let token = gauge.observe(\.level) { _, _ in delivered.increment() }
          token.invalidate()
        }
      }
    }
    #expect(gauge.observationRegistry.count == 0)
    #expect(gauge.level == 2000)
  }

  @Test func keyPathObserversAcrossThreads() {
    final class Holder: Observable, @unchecked Sendable {
      let observationRegistry = ObservationRegistry()
      @Observed var gauge = Gauge()
    }
    let holders = (0..<8).map { _ in Holder() }
    let delivered = SharedCounter()
    let tokens = holders.map { holder in
      holder.observe(\.gauge.level) { _, _ in delivered.increment() }
    }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for value in 1...100 {
        if value.isMultiple(of: 10) { holders[thread].gauge = Gauge() }
        holders[thread].gauge.level = value
      }
    }
    #expect(delivered.current == 8 * 110)
    for token in tokens { token.invalidate() }
    #expect(holders.allSatisfy { $0.observationRegistry.count == 0 })
  }
}
