import TestSupport
import Testing

@testable import Observing

/// A class whose subscripted key paths are new instances each time they are made.
private final class Row {
  var values: [Int] = Array(repeating: 0, count: 10_000)
  var other = 0
}

private final class OtherRow {
  var values: [Int] = Array(repeating: 0, count: 10_000)
}

@Suite("The direct property cache")
struct DirectPropertyCacheTests {
  @Test(
    "An entry's index is inside the table, for any pair of addresses",
    arguments: [1, 2, 3] as [UInt64])
  func indexesStayInTheTable(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let keyPath: AnyKeyPath = \Row.other
    var used = Set<Int>()
    defer {
      // 10,000 addresses fill all but a few of the 2,048 entries (about 15 stay empty).
      #expect(used.count > 1_900)
    }
    for _ in 0..<10_000 {
      let index = DirectPropertyCache.index(
        keyPath: ObjectIdentifier(keyPath),
        rootType: ObjectIdentifier(Row.self))
      #expect((0..<DirectPropertyCache.capacity).contains(index))
      // Random addresses, aligned as heap objects are.
      let address = UInt.random(in: 1...UInt(Int.max), using: &generator) << 4
      let other = DirectPropertyCache.index(
        keyPath: unsafeBitCast(address, to: ObjectIdentifier.self),
        rootType: ObjectIdentifier(OtherRow.self))
      #expect((0..<DirectPropertyCache.capacity).contains(other))
      used.insert(other)
    }
  }

  @Test("A key path finds what was filed for it and its class, and nothing else")
  func lookupsMatchKeyPathAndClass() {
    let cache = DirectPropertyCache()
    let keyPath: AnyKeyPath = \Row.values[7]
    let property: AnyKeyPath = \Row.values
    #expect(cache.property(for: keyPath, rootType: Row.self) == nil)
    cache.insert(property, for: keyPath, rootType: Row.self)
    #expect(cache.property(for: keyPath, rootType: Row.self) == property)
    #expect(cache.property(for: keyPath, rootType: OtherRow.self) == nil)
    // An equal key path made elsewhere is another instance: it is not the cached one.
    let equal: AnyKeyPath = \Row.values[7]
    if ObjectIdentifier(equal) != ObjectIdentifier(keyPath) {
      #expect(cache.property(for: equal, rootType: Row.self) == nil)
    }
  }

  @Test("More key paths than entries evict others, and no lookup ever answers wrongly")
  func evictionNeverAnswersWrongly() {
    let cache = DirectPropertyCache()
    let count = DirectPropertyCache.capacity * 3
    // Each key path is a new instance, kept alive so that no address is reused.
    let keyPaths: [AnyKeyPath] = (0..<count).map { \Row.values[$0] }
    let properties: [AnyKeyPath] = (0..<count).map {
      $0.isMultiple(of: 2) ? \Row.values : \Row.other
    }
    var found = 0
    for (index, keyPath) in keyPaths.enumerated() {
      cache.insert(properties[index], for: keyPath, rootType: Row.self)
      #expect(cache.property(for: keyPath, rootType: Row.self) == properties[index])
    }
    for (index, keyPath) in keyPaths.enumerated() {
      guard let property = cache.property(for: keyPath, rootType: Row.self) else { continue }
      #expect(property == properties[index])
      found += 1
    }
    // A direct-mapped table of `capacity` entries keeps at most that many.
    #expect(found <= DirectPropertyCache.capacity)
    #expect(found > 0)
  }
}
