extension TerminalFrameBuffer {
  /// The shift that makes the most rows of `grid` equal to rows of `previous` that moved, if
  /// one makes at least ``minimumScrolledRows`` rows match that did not match in place.
  static func scroll(from previous: TerminalGrid, to grid: TerminalGrid) -> ScrollShift? {
    scroll(
      from: (0..<previous.rows).map(previous.rowHash), to: (0..<grid.rows).map(grid.rowHash)
    ).map { extended($0, from: previous, to: grid) }
  }

  /// Grows a shift's region over the rows beside it that moved with it but for a few cells.
  ///
  /// Rows match a shift only whole (by their hashes), so a row that moved with the others but
  /// changed a cell meanwhile, such as the one a scroll indicator sits in, ends the region, and
  /// everything past it is written again: on a pull, the rows between the header and the
  /// first exact match. ncurses counts such rows as moved. So does this: a row joins when it
  /// differs from the row the shift brings there in at most an eighth of its cells, and in no
  /// more cells than from the row in its place, so that the scroll saves it at least as much
  /// as it costs.
  static func extended(
    _ shift: ScrollShift, from old: TerminalGrid, to new: TerminalGrid
  ) -> ScrollShift {
    let distance = shift.distance
    let rows = new.rows
    let columns = new.columns
    guard old.rows == rows, old.columns == columns, distance != 0 else { return shift }
    func differences(_ row: Int, _ source: Int) -> Int {
      var count = 0
      for column in 0..<columns where new[column, row] != old[column, source] { count += 1 }
      return count
    }
    func movesWith(_ row: Int) -> Bool {
      let source = row + distance
      guard source >= 0, source < rows else { return false }
      let moved = differences(row, source)
      return moved <= columns / 8 && moved <= differences(row, row)
    }
    // The rows of the new screen that show moved rows.
    var first = distance > 0 ? shift.top : shift.top - distance
    var last = distance > 0 ? shift.bottom - distance : shift.bottom
    while first > 0, movesWith(first - 1) { first -= 1 }
    while last < rows - 1, movesWith(last + 1) { last += 1 }
    return distance > 0
      ? ScrollShift(top: first, bottom: last + distance, distance: distance)
      : ScrollShift(top: first + distance, bottom: last, distance: distance)
  }

  /// The shift for grids given by their rows' hashes (see ``scroll(from:to:)``).
  static func scroll(from old: [Int], to new: [Int]) -> ScrollShift? {
    let rows = new.count
    guard rows > minimumScrolledRows, old.count == rows else { return nil }
    // A shift gains only rows that changed in place: too few, and none can gain enough.
    guard zip(old, new).count(where: { $0 != $1 }) >= minimumScrolledRows else { return nil }
    var best: (gain: Int, shift: ScrollShift)?
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        for distance in -(rows / 2)...(rows / 2) where distance != 0 {
          // The runs of rows r with new[r] == old[r + distance], among the rows whose source
          // is on the screen (a row outside ends a run).
          let first = max(0, -distance)
          let end = min(rows, rows - distance)
          var runStart = first
          var gain = 0
          for row in first...end {
            if row < end, new[row] == old[row + distance] {
              if new[row] != old[row] { gain += 1 }
              continue
            }
            if gain >= minimumScrolledRows, gain > (best?.gain ?? 0) {
              let last = row - 1
              let shift =
                distance > 0
                ? ScrollShift(top: runStart, bottom: last + distance, distance: distance)
                : ScrollShift(top: runStart + distance, bottom: last, distance: distance)
              best = (gain, shift)
            }
            runStart = row + 1
            gain = 0
          }
        }
      }
    }
    return best?.shift
  }
}

extension TerminalGrid {
  /// A hash of one row's cells, for finding rows that moved.
  ///
  /// FNV-1a (Fowler–Noll–Vo: offset basis 0xcbf29ce484222325, prime 0x100000001b3) taken a
  /// word at a time over each cell's attributes and stored glyph: equal cells hash the same, at
  /// a fraction of the cost of `Hasher` (scroll detection hashes every row of every frame). A
  /// collision only costs the scrolling shortcut: the rows are still compared cell by cell when
  /// written.
  func rowHash(_ row: Int) -> Int {
    let prime: UInt64 = 0x100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    cells.withUnsafeBufferPointer { cells in
      for cell in cells[(row * columns)..<((row + 1) * columns)] {
        hash = (hash ^ cell.style) &* prime
        hash = (hash ^ cell.glyph.bits) &* prime
      }
    }
    return Int(truncatingIfNeeded: hash)
  }
}
