import Foundation

/// Where each row of a ``ListView`` starts: blocked prefix sums of the row heights, so that a
/// list of a million rows finds a row's top, finds the row at an offset and takes rows inserted
/// at its top without walking its rows.
///
/// The rows are kept in blocks of about ``defaultBlockSize`` rows. A block holds its rows' tops
/// measured from the block's own top (its first row's is 0); two short arrays hold each block's
/// first row and top. With `n` rows in blocks of `b`:
/// - a row's top, or the row at an offset: a binary search over the blocks, then one in a
///   block, O(log n); the tops and heights of consecutive rows (the rows on screen): one search,
///   then a step per row;
/// - inserting `k` rows: the blocks they land in are merged again (O(b + k) each, a block
///   grown past twice its size is split), and the first rows and tops of the blocks after them
///   move, O(n / b) — a page of older messages at a chat list's top costs the first block and
///   the block sums, not the list;
/// - memory: one `CGFloat` per row (in place of its height) and two words per block.
///
/// The tops are sums of the heights, as a list summed from its first row has them; with whole
/// or half-point heights every sum is exact, whatever the blocks.
struct ListRowOffsets {
  /// The rows per block of a list loaded whole: a block fits in 8 KB, and a million rows make
  /// about a thousand blocks, whose sums an insertion updates.
  static let defaultBlockSize = 1024

  /// The rows per block when loaded; a block is split when it grows past twice this.
  let blockSize: Int
  /// Each block's rows' tops, from the block's top; no block is empty.
  private var blocks: [[CGFloat]] = []
  /// Each block's first row, then the number of rows.
  private var firstRows: [Int] = [0]
  /// Each block's top, then the height of all rows.
  private var blockTops: [CGFloat] = [0]

  /// No rows.
  init() {
    blockSize = Self.defaultBlockSize
  }

  /// Rows of the given heights, in blocks of `blockSize`.
  ///
  /// - Parameters:
  ///   - count: The number of rows.
  ///   - blockSize: The rows per block (at least 1).
  ///   - height: Each row's height, asked once per row in order; finite and not negative.
  init(count: Int, blockSize: Int = defaultBlockSize, height: (Int) -> CGFloat) {
    self.blockSize = max(1, blockSize)
    let count = max(0, count)
    let blockCount = (count + self.blockSize - 1) / self.blockSize
    blocks.reserveCapacity(blockCount)
    firstRows.reserveCapacity(blockCount + 1)
    blockTops.reserveCapacity(blockCount + 1)
    var row = 0
    var top: CGFloat = 0
    while row < count {
      let size = min(self.blockSize, count - row)
      var local: CGFloat = 0
      let first = row
      blocks.append(
        [CGFloat](unsafeUninitializedCapacity: size) { tops, initialized in
          for index in 0..<size {
            tops.initializeElement(at: index, to: local)
            local += height(first + index)
          }
          initialized = size
        })
      row += size
      top += local
      firstRows.append(row)
      blockTops.append(top)
    }
  }

  /// The number of rows.
  var count: Int { firstRows[firstRows.count - 1] }

  /// The height of all rows: the bottom of the last.
  var contentHeight: CGFloat { blockTops[blockTops.count - 1] }

  /// The top of a row; `count` gives ``contentHeight``.
  ///
  /// - Parameter row: A row, `0...count`.
  func top(ofRow row: Int) -> CGFloat {
    guard row < count else { return contentHeight }
    let block = block(containingRow: row)
    return blockTops[block] + blocks[block][row - firstRows[block]]
  }

  /// A row's height: the next row's top less its own.
  ///
  /// - Parameter row: A row, `0..<count`.
  func height(ofRow row: Int) -> CGFloat {
    let block = block(containingRow: row)
    let tops = blocks[block]
    let index = row - firstRows[block]
    let top = blockTops[block] + tops[index]
    let next = index + 1 < tops.count ? blockTops[block] + tops[index + 1] : blockTops[block + 1]
    return next - top
  }

  /// The tops and heights of consecutive rows, top to bottom: one search finds the first row's
  /// block, then each row is a step, so a layout pass over the rows on screen pays one search,
  /// not one per row (which a list of a million rows paid in about a thousand blocks).
  ///
  /// Each height is the one ``height(ofRow:)`` gives. The bands are read from the offsets as
  /// they are now: the sequence keeps them (no rows are copied), so later changes to the
  /// offsets do not reach it.
  ///
  /// - Parameter rows: Rows of `0..<count`; an empty range gives no bands.
  func bands(ofRows rows: Range<Int>) -> Bands {
    precondition(
      rows.isEmpty || (rows.lowerBound >= 0 && rows.upperBound <= count),
      "rows \(rows) outside 0..<\(count)")
    guard !rows.isEmpty else { return Bands(offsets: self, rows: rows, block: 0, index: 0) }
    let block = block(containingRow: rows.lowerBound)
    return Bands(
      offsets: self, rows: rows, block: block, index: rows.lowerBound - firstRows[block])
  }

  /// Consecutive rows' tops and heights (see ``bands(ofRows:)``).
  struct Bands: Sequence, IteratorProtocol {
    fileprivate let offsets: ListRowOffsets
    /// The rows left.
    fileprivate var rows: Range<Int>
    /// The next row's block, and its index there.
    fileprivate var block: Int
    fileprivate var index: Int

    /// The next row, its top and its height.
    mutating func next() -> (row: Int, top: CGFloat, height: CGFloat)? {
      guard let row = rows.first else { return nil }
      rows = rows.dropFirst()
      let tops = offsets.blocks[block]
      let base = offsets.blockTops[block]
      let top = base + tops[index]
      let bottom: CGFloat
      if index + 1 < tops.count {
        bottom = base + tops[index + 1]
        index += 1
      } else {
        bottom = offsets.blockTops[block + 1]
        block += 1
        index = 0
      }
      return (row, top, bottom - top)
    }
  }

  /// The row whose band holds `y`: the last row whose top is at or above it (rows of no height
  /// share their top with the next), or `nil` outside the rows.
  ///
  /// - Parameter y: A vertical offset in the content.
  func row(containing y: CGFloat) -> Int? {
    guard count > 0, y >= 0, y < contentHeight else { return nil }
    let block = lastBlock { $0 <= y }
    let base = blockTops[block]
    let tops = blocks[block]
    // The last index whose top is at or above y; the first's (0) is.
    var low = 0
    var high = tops.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if base + tops[middle] <= y { low = middle } else { high = middle - 1 }
    }
    return firstRows[block] + low
  }

  /// The number of rows that start above `y`.
  ///
  /// - Parameter y: A vertical offset in the content.
  func rowCount(above y: CGFloat) -> Int {
    guard count > 0, blockTops[0] < y else { return 0 }
    let block = lastBlock { $0 < y }
    let base = blockTops[block]
    let tops = blocks[block]
    // The first index whose top is not above y.
    var low = 0
    var high = tops.count
    while low < high {
      let middle = (low + high) / 2
      if base + tops[middle] < y { low = middle + 1 } else { high = middle }
    }
    return firstRows[block] + low
  }

  /// Inserts rows at positions of the rows after the insertion.
  ///
  /// - Parameters:
  ///   - heights: The new rows' heights, finite and not negative, one per position.
  ///   - positions: Increasing, each in `0..<count + heights.count`.
  mutating func insert(_ heights: [CGFloat], at positions: [Int]) {
    precondition(heights.count == positions.count, "a height per position")
    guard !positions.isEmpty else { return }
    if blocks.isEmpty {
      // One empty block to insert into; the merge below leaves no empty block behind.
      blocks = [[]]
      firstRows = [0, 0]
      blockTops = [0, 0]
    }
    let oldCount = count
    // Each new row goes before old row `gap` (the old rows above it), in the block holding
    // that row, or at the end of the last block.
    var landing: [(block: Int, gap: Int)] = []
    landing.reserveCapacity(positions.count)
    for (index, position) in positions.enumerated() {
      let gap = position - index
      precondition(gap >= 0 && gap <= oldCount && (index == 0 || position > positions[index - 1]))
      landing.append((gap < oldCount ? block(containingRow: gap) : blocks.count - 1, gap))
    }
    var newBlocks: [[CGFloat]] = []
    newBlocks.reserveCapacity(blocks.count + 1)
    var newFirstRows: [Int] = [0]
    newFirstRows.reserveCapacity(blocks.count + 2)
    var newTops: [CGFloat] = [0]
    newTops.reserveCapacity(blocks.count + 2)
    // The heights inserted above the block at hand.
    var added: CGFloat = 0
    var next = 0
    for block in blocks.indices {
      let top = blockTops[block] + added
      guard next < landing.count, landing[next].block == block else {
        // Untouched: its rows keep their tops in it, and the block moves down.
        newBlocks.append(blocks[block])
        newFirstRows.append(newFirstRows[newFirstRows.count - 1] + blocks[block].count)
        newTops.append(blockTops[block + 1] + added)
        continue
      }
      let old = blocks[block]
      let oldHeight = blockTops[block + 1] - blockTops[block]
      let first = firstRows[block]
      var landed = next
      while landed < landing.count, landing[landed].block == block { landed += 1 }
      var merged: [CGFloat] = []
      merged.reserveCapacity(old.count + landed - next)
      var inBlock: CGFloat = 0
      var index = 0
      while next < landed {
        let gap = landing[next].gap - first
        while index < gap {
          merged.append(old[index] + inBlock)
          index += 1
        }
        // A new row starts where the old row after it started, below the rows added above.
        merged.append((index < old.count ? old[index] : oldHeight) + inBlock)
        inBlock += heights[next]
        next += 1
      }
      while index < old.count {
        merged.append(old[index] + inBlock)
        index += 1
      }
      let height = oldHeight + inBlock
      if merged.count <= 2 * blockSize {
        newBlocks.append(merged)
        newFirstRows.append(newFirstRows[newFirstRows.count - 1] + merged.count)
        newTops.append(top + height)
      } else {
        // Split into blocks of the loaded size, each measured from its own top again.
        var start = 0
        while start < merged.count {
          let end = min(start + blockSize, merged.count)
          let base = merged[start]
          newBlocks.append(merged[start..<end].map { $0 - base })
          newFirstRows.append(newFirstRows[newFirstRows.count - 1] + end - start)
          newTops.append(end < merged.count ? top + merged[end] : top + height)
          start = end
        }
      }
      added += inBlock
    }
    blocks = newBlocks
    firstRows = newFirstRows
    blockTops = newTops
  }

  /// How many blocks hold the rows: for the tests.
  var blockCount: Int { blocks.count }

  /// What is wrong with the blocks, or `nil`: for the tests.
  func checkInvariants() -> String? {
    guard firstRows.count == blocks.count + 1, blockTops.count == blocks.count + 1 else {
      return "\(blocks.count) blocks, \(firstRows.count) first rows, \(blockTops.count) tops"
    }
    guard firstRows[0] == 0, blockTops[0] == 0 else { return "the first block starts below 0" }
    for (block, tops) in blocks.enumerated() {
      guard !tops.isEmpty, tops.count <= 2 * blockSize else {
        return "block \(block) holds \(tops.count) rows"
      }
      guard firstRows[block + 1] - firstRows[block] == tops.count else {
        return "block \(block) starts at row \(firstRows[block]), holds \(tops.count)"
      }
      guard tops[0] == 0, zip(tops, tops.dropFirst()).allSatisfy({ $0 <= $1 }),
        let last = tops.last, blockTops[block] + last <= blockTops[block + 1]
      else { return "block \(block)'s tops are not in order" }
    }
    return nil
  }

  /// The block holding a row of `0..<count`.
  private func block(containingRow row: Int) -> Int {
    precondition(row >= 0 && row < count, "row \(row) outside 0..<\(count)")
    var low = 0
    var high = blocks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if firstRows[middle] <= row { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The last block whose top passes `test`, which the first block's top (0) passes.
  private func lastBlock(where test: (CGFloat) -> Bool) -> Int {
    var low = 0
    var high = blocks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if test(blockTops[middle]) { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
