import Foundation
import TestSupport
import Testing

@testable import Refresh

/// The rows as a plain array of heights, with every top summed from the first row: what
/// ``ListRowOffsets`` must answer, exactly (the heights are whole or half points, so every sum
/// is exact whatever its order).
private struct NaiveRows {
  var heights: [CGFloat]

  var tops: [CGFloat] {
    var tops: [CGFloat] = [0]
    for height in heights { tops.append(tops[tops.count - 1] + height) }
    return tops
  }

  /// The last row whose top is at or above `y`, for `y` inside the rows (given ``tops``).
  func row(containing y: CGFloat, tops: [CGFloat]) -> Int? {
    guard !heights.isEmpty, y >= 0, y < tops[heights.count] else { return nil }
    return (0..<heights.count).last { tops[$0] <= y }
  }

  /// The rows whose top is above `y` (given ``tops``).
  func rowCount(above y: CGFloat, tops: [CGFloat]) -> Int {
    tops.dropLast().count { $0 < y }
  }

  /// Inserts at positions of the rows after the insertion, in increasing order.
  mutating func insert(_ new: [CGFloat], at positions: [Int]) {
    for (height, position) in zip(new, positions) { heights.insert(height, at: position) }
  }
}

@Suite("ListView's row offsets: blocks of tops, against a plain array")
struct ListRowOffsetsTests {
  /// Every answer of the offsets against the model's, at every row and at points in and
  /// around every row; the differences are gathered, so that one expectation shows them all.
  fileprivate func expectSame(
    _ offsets: ListRowOffsets, _ model: NaiveRows, _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let tops = model.tops
    var differences: [String] = []
    if let broken = offsets.checkInvariants() { differences.append(broken) }
    if offsets.count != model.heights.count {
      differences.append("\(offsets.count) rows, not \(model.heights.count)")
    }
    if offsets.contentHeight != tops[tops.count - 1] {
      differences.append("content height \(offsets.contentHeight), not \(tops[tops.count - 1])")
    }
    if differences.isEmpty {
      for row in 0...model.heights.count where offsets.top(ofRow: row) != tops[row] {
        differences.append("row \(row)'s top \(offsets.top(ofRow: row)), not \(tops[row])")
      }
      for row in model.heights.indices where offsets.height(ofRow: row) != model.heights[row] {
        differences.append("row \(row)'s height \(offsets.height(ofRow: row))")
      }
      // The bands of all rows, and of a few rows from every row on (each block entered and
      // left, from any row of it).
      let all = offsets.bands(ofRows: 0..<model.heights.count).map { "\($0)" }
      let expected = model.heights.indices.map {
        "\((row: $0, top: tops[$0], height: model.heights[$0]))"
      }
      if all != expected {
        let same = zip(all, expected).prefix { $0 == $1 }.count
        differences.append("\(all.count) bands, the first wrong \(all.dropFirst(same).prefix(1))")
      }
      for start in model.heights.indices {
        let rows = start..<min(model.heights.count, start + 5)
        let bands = offsets.bands(ofRows: rows).map { "\($0)" }
        if bands != Array(expected[rows]) { differences.append("bands of \(rows): \(bands)") }
      }
      var points: Set<CGFloat> = [-1, -0.25, .nan, .infinity]
      for top in tops { points.formUnion([top - 0.25, top, top + 0.25]) }
      for y in points {
        let row = offsets.row(containing: y)
        let expected = model.row(containing: y, tops: tops)
        if row != expected {
          differences.append("row at \(y): \(row as Any), not \(expected as Any)")
        }
        let above = offsets.rowCount(above: y)
        let expectedAbove = model.rowCount(above: y, tops: tops)
        if above != expectedAbove {
          differences.append("rows above \(y): \(above), not \(expectedAbove)")
        }
      }
    }
    #expect(
      differences.isEmpty, "\(note): \(differences.prefix(5))", sourceLocation: sourceLocation)
  }

  @Test func noRows() {
    let offsets = ListRowOffsets()
    #expect(offsets.count == 0)
    #expect(offsets.contentHeight == 0)
    #expect(offsets.top(ofRow: 0) == 0)
    #expect(offsets.row(containing: 0) == nil)
    #expect(offsets.rowCount(above: 10) == 0)
    #expect(Array(offsets.bands(ofRows: 0..<0)).isEmpty)
    #expect(offsets.checkInvariants() == nil)
  }

  /// The bands of rows across blocks: each row's top and height, block after block, and none
  /// for an empty range (at the end too).
  @Test func bandsWalkTheBlocks() {
    let heights: [CGFloat] = [10, 20, 0, 5, 7.5, 30, 1, 2, 3]
    let offsets = ListRowOffsets(count: heights.count, blockSize: 2) { heights[$0] }
    let bands = offsets.bands(ofRows: 1..<8).map { [CGFloat($0.row), $0.top, $0.height] }
    #expect(
      bands == [
        [1, 10, 20], [2, 30, 0], [3, 30, 5], [4, 35, 7.5], [5, 42.5, 30], [6, 72.5, 1],
        [7, 73.5, 2],
      ])
    #expect(offsets.bands(ofRows: 8..<9).map { [$0.top, $0.height] } == [[75.5, 3]])
    #expect(Array(offsets.bands(ofRows: 9..<9)).isEmpty)
    #expect(Array(offsets.bands(ofRows: 4..<4)).isEmpty)
  }

  @Test(arguments: [1, 2, 3, 4, 1024])
  func aReloadIsThePlainSum(blockSize: Int) {
    let heights = (0..<37).map { CGFloat($0 % 5) * 9 }
    let offsets = ListRowOffsets(count: heights.count, blockSize: blockSize) { heights[$0] }
    expectSame(offsets, NaiveRows(heights: heights), "block size \(blockSize)")
  }

  /// Twenty rows at the top, one at the end, three in the middle, into blocks of four rows,
  /// and into an empty list.
  @Test func insertionsAtBothEndsAndInTheMiddle() {
    let heights = (0..<30).map { CGFloat(1 + $0 % 3) * 18 }
    var model = NaiveRows(heights: heights)
    var offsets = ListRowOffsets(count: heights.count, blockSize: 4) { heights[$0] }
    let top = (0..<20).map { CGFloat($0 % 2 + 1) * 54 }
    offsets.insert(top, at: Array(0..<20))
    model.insert(top, at: Array(0..<20))
    expectSame(offsets, model, "at the top")
    offsets.insert([7], at: [50])
    model.insert([7], at: [50])
    expectSame(offsets, model, "at the end")
    offsets.insert([1, 0, 2.5], at: [12, 13, 30])
    model.insert([1, 0, 2.5], at: [12, 13, 30])
    expectSame(offsets, model, "in the middle")
    var empty = ListRowOffsets(count: 0, blockSize: 4) { _ in 0 }
    var none = NaiveRows(heights: [])
    empty.insert([3, 4, 5, 6, 7, 8, 9, 10, 11], at: Array(0..<9))
    none.insert([3, 4, 5, 6, 7, 8, 9, 10, 11], at: Array(0..<9))
    expectSame(empty, none, "into no rows")
  }

  /// Rows of no height share their top with the next row: the last of them holds the point.
  @Test func rowsOfNoHeight() {
    let heights: [CGFloat] = [0, 0, 10, 0, 0, 0, 5, 0]
    let offsets = ListRowOffsets(count: heights.count, blockSize: 2) { heights[$0] }
    expectSame(offsets, NaiveRows(heights: heights), "zero heights")
    #expect(offsets.row(containing: 0) == 2)
    #expect(offsets.row(containing: 10) == 6)
    #expect(offsets.row(containing: 15) == nil)
  }

  /// Seeded random lists (zero heights and half points among them), reloaded and then given
  /// insertions anywhere, often at the top as a chat list's older pages arrive, and in big
  /// batches that split blocks many times over.
  @Test(arguments: [1, 3, 8])
  func randomInsertionsMatchThePlainArray(blockSize: Int) {
    var random = SplitMix64(seed: 17 + UInt64(blockSize))
    for trial in 0..<25 {
      let count = Int(random.next() % 40)
      let heights = (0..<count).map { _ in CGFloat(random.next() % 7) * 0.5 }
      var model = NaiveRows(heights: heights)
      var offsets = ListRowOffsets(count: count, blockSize: blockSize) { heights[$0] }
      expectSame(offsets, model, "trial \(trial) reload")
      for step in 0..<6 {
        let total = model.heights.count
        let added = Int(1 + random.next() % (step == 5 ? 60 : 6))
        let positions: [Int]
        switch random.next() % 4 {
        case 0: positions = Array(0..<added)
        case 1: positions = Array(total..<(total + added))
        default:
          var chosen = Set<Int>()
          while chosen.count < added { chosen.insert(Int(random.next() % UInt64(total + added))) }
          positions = chosen.sorted()
        }
        let new = positions.map { _ in CGFloat(random.next() % 5) * 0.5 }
        offsets.insert(new, at: positions)
        model.insert(new, at: positions)
        expectSame(offsets, model, "trial \(trial) step \(step)")
      }
      // A reload with fewer rows forgets the rest.
      let kept = Array(model.heights.prefix(model.heights.count / 3))
      offsets = ListRowOffsets(count: kept.count, blockSize: blockSize) { kept[$0] }
      expectSame(offsets, NaiveRows(heights: kept), "trial \(trial) shorter reload")
    }
  }

  /// Rows outside the list are a programming error: asking for their bands traps.
  @Test func bandsOfRowsOutsideTheListTrap() async {
    await #expect(processExitsWith: .failure) {
      _ = ListRowOffsets(count: 10) { _ in 2 }.bands(ofRows: 5..<11)
    }
    await #expect(processExitsWith: .failure) {
      _ = ListRowOffsets(count: 10) { _ in 2 }.bands(ofRows: -1..<3)
    }
  }

  /// A block that insertions grow keeps its rows up to twice the block size, and only past
  /// that splits into blocks of the block size: the first of ten blocks of 4 takes 3 rows
  /// (7 rows, still one block), then 2 more (9 rows: blocks of 4, 4 and 1).
  @Test func aBlockSplitsOnlyPastTwiceTheBlockSize() {
    var offsets = ListRowOffsets(count: 40, blockSize: 4) { _ in 10 }
    var model = NaiveRows(heights: Array(repeating: 10, count: 40))
    #expect(offsets.blockCount == 10)
    offsets.insert([1, 2, 3], at: [0, 1, 2])
    model.insert([1, 2, 3], at: [0, 1, 2])
    #expect(offsets.blockCount == 10)
    expectSame(offsets, model, "three rows at the top")
    offsets.insert([4, 5], at: [0, 1])
    model.insert([4, 5], at: [0, 1])
    #expect(offsets.blockCount == 12)
    expectSame(offsets, model, "two more")
  }

  /// A million rows in blocks of the default size: an insertion at the top reaches the last
  /// row's top (a plain array's would be rebuilt whole; here a block and the blocks' sums).
  @Test func aMillionRows() {
    var offsets = ListRowOffsets(count: 1_000_000) { _ in 2 }
    offsets.insert(Array(repeating: 3, count: 20), at: Array(0..<20))
    #expect(offsets.count == 1_000_020)
    #expect(offsets.top(ofRow: 20) == 60)
    let lastTop: CGFloat = 60 + 2 * 999_999
    #expect(offsets.top(ofRow: 1_000_019) == lastTop)
    #expect(offsets.row(containing: 61) == 20)
    #expect(offsets.row(containing: lastTop + 1) == 1_000_019)
    #expect(offsets.row(containing: lastTop + 2) == nil)
    #expect(offsets.checkInvariants() == nil)
  }
}
