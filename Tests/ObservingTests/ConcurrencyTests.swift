import Dispatch
import Foundation
import Observing
import TestSupport
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
/// A property's value is not atomic, so each test reads and writes a given property from one
/// thread at a time; registration, invalidation and delivery on the shared registry happen
/// from every thread at once.
private final class Gauge: Observable, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Observed var level = 0
  @Observed var label = ""
}

/// Tokens shared between threads: any thread may invalidate any token.
private final class TokenPool: @unchecked Sendable {
  private let lock = NSLock()
  private var tokens: [ObservationToken] = []
  func add(_ token: ObservationToken) { lock.withLock { tokens.append(token) } }
  func takeAny(_ index: Int) -> ObservationToken? {
    lock.withLock { tokens.isEmpty ? nil : tokens.remove(at: index % tokens.count) }
  }
  func drain() -> [ObservationToken] {
    lock.withLock {
      defer { tokens = [] }
      return tokens
    }
  }
}

@Suite("Observation from many threads")
struct ConcurrencyTests {
  @Test func concurrentSetObserveAndInvalidateFromEightThreads() {
    let panel = Panel()
    let pool = TokenPool()
    let delivered = SharedCounter()
    let writes = SharedCounter()
    // One observer per property that no other thread can invalidate: it sees every write.
    let steady = (0..<8).map { _ in SharedCounter() }
    let steadyTokens = (0..<8).map { thread in
      panel.observe(Panel.properties[thread]) { _, _ in steady[thread].increment() }
    }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      var generator = SplitMix64(seed: UInt64(thread) &+ 1)
      let property = Panel.properties[thread]
      for round in 0..<500 {
        switch generator.next() % 4 {
        case 0:
          // Observe this thread's property (reading it is this thread's business).
          pool.add(
            panel.observe(property, options: [.old, .new]) { _, _ in delivered.increment() })
        case 1:
          // Invalidate a token that any thread may have made.
          pool.takeAny(Int(generator.next() % 1000))?.invalidate()
        default:
          panel[keyPath: property] = round
          writes.increment()
        }
      }
    }
    let remaining = pool.drain()
    #expect(panel.observationRegistry.count == remaining.count + 8)
    for token in remaining { token.invalidate() }
    #expect(steady.map(\.current).reduce(0, +) == writes.current)
    for token in steadyTokens { token.invalidate() }
    #expect(panel.observationRegistry.count == 0)
    #expect(writes.current > 0)
    panel.observationRegistry._checkInvariants()
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

  @Test(.timeLimit(.minutes(1)))
  func handlersRunOutsideTheRegistryLock() {
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

  @Test func tokensAskedWhetherTheyAreValidWhileOtherThreadsEndThem() {
    // A token asks its registry's core, which only the tokens keep alive once the object is
    // gone: asking and ending the observation on different threads, around the object's
    // death, must never read a core that is gone (the address sanitizer's run checks).
    /// Holds the one reference to the object, for another thread to drop.
    final class Holder: @unchecked Sendable {
      private let lock = NSLock()
      private var gauge: Gauge? = Gauge()
      var current: Gauge { lock.withLock { gauge! } }
      func drop() { lock.withLock { gauge = nil } }
    }
    for round in 0..<40 {
      let holder = Holder()
      let tokens = (0..<16).map { _ in holder.current.observe(\.level) { _, _ in } }
      let shared = TokenPool()
      for token in tokens { shared.add(token) }
      let asked = SharedCounter()
      DispatchQueue.concurrentPerform(iterations: 3) { thread in
        switch thread {
        case 0:
          for token in tokens where token.isValid { asked.increment() }
        case 1:
          while let token = shared.takeAny(round) { token.invalidate() }
        default:
          holder.drop()
        }
      }
      #expect(tokens.allSatisfy { !$0.isValid })
      #expect(asked.current <= 16)
    }
  }

  @Test func tokensComeAndGoOnOtherThreadsWhileOneThreadWrites() {
    let gauge = Gauge()
    let delivered = SharedCounter()
    let levels = SharedCounter()
    let levelToken = gauge.observe(\.level) { _, _ in levels.increment() }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      if thread == 0 {
        for value in 1...2000 { gauge.level = value }
      } else {
        // Another property of the same object, registered from seven threads at once with
        // no turn taking: registering does not count as a write of `label`.
        for _ in 0..<300 {
          let token = gauge.observe(\.label) { _, _ in delivered.increment() }
          token.invalidate()
        }
      }
    }
    levelToken.invalidate()
    #expect(gauge.observationRegistry.count == 0)
    #expect(gauge.level == 2000)
    #expect(levels.current == 2000)
    #expect(delivered.current == 0)
    gauge.observationRegistry._checkInvariants()
  }

  @Test(.timeLimit(.minutes(1)))
  func keyPathObserversAcrossThreads() {
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

  @Test(.timeLimit(.minutes(1)))
  func chainObserversComeAndGoWhileOneThreadWritesAndReplacesLinks() {
    final class Holder: Observable, @unchecked Sendable {
      let observationRegistry = ObservationRegistry()
      @Observed var gauge = Gauge()
    }
    let holder = Holder()
    let kept = SharedCounter()
    let keptToken = holder.observe(\.gauge.level, options: [.old, .new]) { _, change in
      if change.newValue != change.oldValue { kept.increment() }
    }
    let passing = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      if thread == 0 {
        // The only writer: levels 1...1000, a fresh gauge (level 0) before every 100th.
        for value in 1...1000 {
          if value.isMultiple(of: 100) { holder.gauge = Gauge() }
          holder.gauge.level = value
        }
      } else {
        for _ in 0..<300 {
          let token = holder.observe(\.gauge.level) { _, _ in passing.increment() }
          token.invalidate()
        }
      }
    }
    // Every level change, and every replacement that changed the level (to 0), exactly once.
    #expect(kept.current == 1000 + 10)
    keptToken.invalidate()
    #expect(holder.observationRegistry.count == 0)
    #expect(holder.gauge.observationRegistry.count == 0)
    holder.observationRegistry._checkInvariants()
  }

  /// An object read by several threads at once, while observations come and go.
  private final class Reading: Observable, @unchecked Sendable {
    let observationRegistry = ObservationRegistry()
    @Observed var value = 21
    var doubled: Int { value * 2 }
  }

  @Test(.timeLimit(.minutes(1)))
  func readersOfOneObjectWhileAnotherThreadRegistersOnAnother() {
    // Two threads only read `a`; a third resolves key paths on `b`. No thread writes `a`.
    let a = Reading()
    let b = Reading()
    let sums = (0..<2).map { _ in SharedCounter() }
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      if thread == 2 {
        for _ in 0..<2000 {
          b.observe(\.doubled) { _, _ in }.invalidate()
          b.observe(\.value) { _, _ in }.invalidate()
        }
      } else {
        for _ in 0..<4000 where a.value == 21 { sums[thread].increment() }
      }
    }
    #expect(sums.map(\.current) == [4000, 4000])
  }

  @Test(.timeLimit(.minutes(1)))
  func fourReadersWhileAnotherThreadRegistersAndInvalidates() {
    let shared = Reading()
    let other = Reading()
    let reads = SharedCounter()
    let initials = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: 5) { thread in
      if thread == 4 {
        for round in 0..<1000 {
          let target = round.isMultiple(of: 2) ? shared : other
          let computed = target.observe(\.doubled, options: [.initial, .new]) { _, change in
            if change.newValue == 42 { initials.increment() }
          }
          let stored = target.observe(\.value, options: [.initial, .new]) { _, change in
            if change.newValue == 21 { initials.increment() }
          }
          computed.invalidate()
          stored.invalidate()
        }
      } else {
        for _ in 0..<3000 {
          if shared.value == 21, shared.doubled == 42, other.doubled == 42 { reads.increment() }
        }
      }
    }
    #expect(reads.current == 4 * 3000)
    #expect(initials.current == 2 * 1000)
    #expect(shared.observationRegistry.count == 0)
    #expect(other.observationRegistry.count == 0)
    shared.observationRegistry._checkInvariants()
  }
}
