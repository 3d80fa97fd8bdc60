import Foundation
import TestSupport
import Testing

@testable import Refresh

/// Rows of given heights that count the heights they are asked for.
@MainActor
private final class CountingRows: ListViewDataSource {
  var heights: [CGFloat]
  var heightsAsked = 0

  init(_ heights: [CGFloat]) { self.heights = heights }

  func numberOfRows(in listView: ListView) -> Int { heights.count }

  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat {
    heightsAsked += 1
    return heights[row]
  }

  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    view ?? View()
  }
}

/// Inserting rows asks for the new rows' heights only and moves the others' offsets, to the
/// same rectangles a whole reload gives.
@MainActor
@Suite("ListView: inserting rows")
struct ListViewInsertionTests {
  @Test func insertingAtTheTopAsksForTheNewRowsOnly() {
    let rows = CountingRows(Array(repeating: 36, count: 1000))
    let list = ListView(frame: CGRect(x: 0, y: 0, width: 375, height: 360))
    list.dataSource = rows
    list.reloadData()
    #expect(rows.heightsAsked == 1000)
    rows.heightsAsked = 0
    rows.heights.insert(contentsOf: Array(repeating: 54, count: 20), at: 0)
    list.insertRows(at: Array(0..<20))
    #expect(rows.heightsAsked == 20)
    #expect(list.numberOfRows == 1020)
    #expect(list.rectForRow(at: 19) == CGRect(x: 0, y: 19 * 54, width: 375, height: 54))
    #expect(list.rectForRow(at: 20) == CGRect(x: 0, y: 20 * 54, width: 375, height: 36))
    #expect(list.contentSize.height == CGFloat(20 * 54 + 1000 * 36))
  }

  /// Within half a point of the top the list counts as at the top and shows the new rows;
  /// further down it keeps its first row on screen where it was, 2 × 54 points lower.
  @Test(arguments: [(0.5, 0.5), (0.75, 108.75)])
  func rowsInsertedAtTheTopShowOnlyAtTheTop(offset: CGFloat, after: CGFloat) {
    let rows = CountingRows(Array(repeating: 36, count: 100))
    let list = ListView(frame: CGRect(x: 0, y: 0, width: 375, height: 360))
    list.dataSource = rows
    list.reloadData()
    list.contentOffset.y = offset
    rows.heights.insert(contentsOf: [54, 54], at: 0)
    list.insertRows(at: [0, 1])
    #expect(list.contentOffset.y == after)
  }

  /// Seeded random lists and insertions (anywhere, duplicates and invalid positions among
  /// them): the rectangles are those of a list reloaded whole.
  @Test func insertedOffsetsAreThoseOfAWholeReload() {
    var random = SplitMix64(seed: 1017)
    for trial in 0..<200 {
      let count = Int(random.next() % 30)
      let rows = CountingRows((0..<count).map { _ in CGFloat(random.next() % 5) * 9 })
      let list = ListView(frame: CGRect(x: 0, y: 0, width: 100, height: 90))
      list.dataSource = rows
      list.reloadData()
      var positions = (0..<Int(1 + random.next() % 6)).map { _ in Int(random.next() % 40) - 3 }
      let valid = Set(positions).filter { $0 >= 0 && $0 < count + Set(positions).count }
      // Insert into the data source at the valid positions, in increasing order.
      var inserted = 0
      for position in valid.sorted() where position <= rows.heights.count {
        rows.heights.insert(CGFloat(random.next() % 4) * 18, at: position)
        inserted += 1
      }
      if inserted != valid.count { positions = valid.sorted().prefix(inserted).map { $0 } }
      list.insertRows(at: positions)
      let whole = ListView(frame: list.frame)
      whole.dataSource = rows
      whole.reloadData()
      #expect(list.numberOfRows == whole.numberOfRows, "trial \(trial)")
      for row in 0...whole.numberOfRows {
        #expect(list.rectForRow(at: row) == whole.rectForRow(at: row), "trial \(trial) row \(row)")
      }
      #expect(list.contentSize == whole.contentSize, "trial \(trial)")
    }
  }

  /// A data source whose count does not match the insertion is reloaded whole.
  @Test func aCountThatDisagreesReloadsWhole() {
    let rows = CountingRows(Array(repeating: 36, count: 10))
    let list = ListView(frame: CGRect(x: 0, y: 0, width: 375, height: 360))
    list.dataSource = rows
    list.reloadData()
    rows.heights = Array(repeating: 18, count: 13)
    rows.heightsAsked = 0
    list.insertRows(at: [0])
    #expect(rows.heightsAsked == 13)
    #expect(list.contentSize.height == CGFloat(13 * 18))
  }
}
