extension TerminalFrameBuffer {
  /// The shift that makes the most rows of `grid` equal to rows of `previous` that moved, if
  /// one makes at least ``minimumScrolledRows`` rows match that did not match in place.
  static func scroll(from previous: TerminalGrid, to grid: TerminalGrid) -> ScrollShift? {
    let rows = grid.rows
    guard rows > minimumScrolledRows else { return nil }
    let old = (0..<rows).map { previous.rowHash($0) }
    let new = (0..<rows).map { grid.rowHash($0) }
    var best: (gain: Int, shift: ScrollShift)?
    for distance in -(rows / 2)...(rows / 2) where distance != 0 {
      // The longest run of rows r with new[r] == old[r + distance].
      var runStart = 0
      var gain = 0
      for row in 0...rows {
        let source = row + distance
        let matches =
          row < rows && source >= 0 && source < rows && new[row] == old[source]
        if matches {
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
    return best?.shift
  }
}

extension TerminalGrid {
  /// A hash of one row's cells, for finding rows that moved.
  func rowHash(_ row: Int) -> Int {
    var hasher = Hasher()
    for column in 0..<columns { hasher.combine(self[column, row]) }
    return hasher.finalize()
  }
}
