import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A snapshot that a failed test left beside its reference, waiting to be accepted or
/// rejected.
///
/// ``assertSnapshot(of:as:named:record:fileID:filePath:function:line:column:)`` writes one when
/// a snapshot differs from its reference, or when a reference is missing and is not recorded
/// (the record mode ``SnapshotRecordMode/never``, or CI): the snapshot's text, in the file of
/// the reference with `.pending` after its name (`__Snapshots__/HeaderTests/armed.1.txt.pending`
/// beside `armed.1.txt`).
public struct PendingSnapshot: Hashable, Sendable {
  /// The pending file.
  public let pendingURL: URL

  /// The pending file of a reference.
  ///
  /// - Parameter pendingURL: The pending file, whose name is the reference's and `.pending`.
  public init(pendingURL: URL) {
    self.pendingURL = pendingURL
  }

  /// The reference the pending file would replace: its path without `.pending`.
  public var referenceURL: URL { pendingURL.deletingPathExtension() }

  /// Whether there is no reference yet: the snapshot is new (otherwise it changed).
  public var isNew: Bool { !FileManager.default.fileExists(atPath: referenceURL.path) }
}

/// The pending snapshots under a folder, and what `refresh-snapshots review` does with them.
///
/// A pending snapshot (``PendingSnapshot``) is accepted (it replaces its reference), rejected
/// (it is deleted) or skipped (left for later). ``review(acceptingUnseen:input:output:)`` goes through them one
/// by one, showing each one's difference:
///
/// ```swift
/// func reviewPendingSnapshots(in folder: URL) throws {
///   let review = SnapshotReview(root: folder)
///   let summary = try review.review(input: { readLine() }, output: { print($0, terminator: "") })
///   print(summary)  // 2 accepted, 1 rejected, 1 skipped
/// }
/// ```
public struct SnapshotReview: Sendable {
  /// The extension after a reference's name that makes its pending file: `pending`.
  public static let pendingExtension = "pending"

  /// The folder whose `__Snapshots__` folders, at any depth, are reviewed.
  public let root: URL

  /// A review of the pending snapshots under a folder.
  ///
  /// - Parameter root: The folder, such as a package's: every `__Snapshots__` folder below it
  ///   is searched (hidden folders, such as `.build`, are not).
  public init(root: URL) {
    self.root = root.standardizedFileURL
  }

  /// The pending files under ``root``, in the order of their paths.
  ///
  /// - Returns: The pending snapshots.
  /// - Throws: When the folder cannot be read.
  public func pendingSnapshots() throws -> [PendingSnapshot] {
    try files { url in url.pathExtension == Self.pendingExtension }.map(
      PendingSnapshot.init(pendingURL:))
  }

  /// The files of the `__Snapshots__` folders under ``root`` that `keep` keeps, standardized
  /// and sorted by path.
  private func files(where keep: (URL) -> Bool) throws -> [URL] {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
    }
    guard
      let files = manager.enumerator(
        at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var found: [URL] = []
    for case let url as URL in files where url.pathComponents.contains("__Snapshots__") && keep(url)
    {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
      else { continue }
      found.append(url.standardizedFileURL)
    }
    return found.sorted { $0.path < $1.path }
  }

  /// A path as it is shown: from ``root`` on (`Tests/HeaderTests/__Snapshots__/…`).
  ///
  /// - Parameter url: A file under the root.
  /// - Returns: The path relative to the root, or the whole path for a file elsewhere.
  public func shownPath(of url: URL) -> String {
    let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
    let path = url.standardizedFileURL.path
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// Accepts a pending snapshot: it replaces its reference.
  ///
  /// - Parameter pending: The pending snapshot.
  /// - Throws: When the files cannot be moved.
  public func accept(_ pending: PendingSnapshot) throws {
    // rename(2) replaces the reference in one step, or creates it.
    guard rename(pending.pendingURL.path, pending.referenceURL.path) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// Rejects a pending snapshot: it is deleted, and the reference stays.
  ///
  /// - Parameter pending: The pending snapshot.
  /// - Throws: When the file cannot be deleted.
  public func reject(_ pending: PendingSnapshot) throws {
    try FileManager.default.removeItem(at: pending.pendingURL)
  }

  /// The reference files under ``root``: every file in a `__Snapshots__` folder except pending
  /// files, in the order of their paths.
  ///
  /// - Returns: The references.
  /// - Throws: When the folder cannot be read.
  public func references() throws -> [URL] {
    try files { url in url.pathExtension != Self.pendingExtension }
  }

  /// The references under ``root`` that a run did not compare with: those that no test of
  /// that run uses.
  ///
  /// A reference counts as used when its path, symbolic links resolved, is in `used`, as
  /// ``SnapshotUsage/references(listedIn:)`` reads them. Only a run of every test tells which
  /// references are unused: one filtered to some tests leaves the others' references out.
  ///
  /// - Parameter used: The paths of the references a run compared with.
  /// - Returns: The unused references, in the order of their paths.
  /// - Throws: When the folder cannot be read.
  public func unreferenced(used: Set<String>) throws -> [URL] {
    try references().filter { !used.contains(SnapshotUsage.canonicalPath(of: $0)) }
  }

  /// Deletes an unused reference, and its pending file if it has one.
  ///
  /// - Parameter reference: A reference that ``unreferenced(used:)`` returned.
  /// - Throws: When the file cannot be deleted.
  public func delete(unreferenced reference: URL) throws {
    try FileManager.default.removeItem(at: reference)
    let pending = reference.appendingPathExtension(Self.pendingExtension)
    if FileManager.default.fileExists(atPath: pending.path) {
      try FileManager.default.removeItem(at: pending)
    }
  }

  /// The line `list` prints for a pending snapshot: its reference's path and whether it is new
  /// or changed (`Tests/__Snapshots__/HeaderTests/armed.1.txt (changed)`).
  ///
  /// - Parameter pending: The pending snapshot.
  /// - Returns: The line, without a line break.
  public func listing(of pending: PendingSnapshot) -> String {
    shownPath(of: pending.referenceURL) + (pending.isNew ? " (new)" : " (changed)")
  }

  /// What the review shows of a pending snapshot: for a new one, its lines after `+`; for a
  /// changed one, the unified difference from its reference and, for a text snapshot with as
  /// many lines as its reference (a terminal's grid), the changed rows with a `^` under each
  /// changed cell.
  ///
  /// - Parameter pending: The pending snapshot.
  /// - Returns: The text, ending with a line break.
  /// - Throws: When a file cannot be read.
  public func difference(of pending: PendingSnapshot) throws -> String {
    let actual = try String(contentsOf: pending.pendingURL, encoding: .utf8)
    guard !pending.isNew else {
      var lines = actual.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.last == "" { lines.removeLast() }
      return lines.map { "+" + $0 + "\n" }.joined()
    }
    let reference = try String(contentsOf: pending.referenceURL, encoding: .utf8)
    let difference = SnapshotDifference(reference: reference, actual: actual).unified
    guard !difference.isEmpty else { return "(the same as the reference)\n" }
    var text = difference + "\n"
    if pending.referenceURL.pathExtension == "txt",
      let cells = Self.changedCells(reference: reference, actual: actual)
    {
      text += "Changed cells (^):\n" + cells
    }
    return text
  }

  /// The rows of a grid that changed, numbered from 1, each with a line under it marking the
  /// changed cells with `^`; `nil` when the texts have different numbers of lines.
  ///
  /// - Parameters:
  ///   - reference: The reference's text.
  ///   - actual: The snapshot's text.
  /// - Returns: The rows and their marks, each line ending with a line break.
  static func changedCells(reference: String, actual: String) -> String? {
    let old = reference.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    guard old.count == new.count else { return nil }
    let width = String(new.count).count
    var text = ""
    for (index, (oldRow, newRow)) in zip(old, new).enumerated() where oldRow != newRow {
      let oldCells = cells(of: oldRow)
      let newCells = cells(of: newRow)
      var marks = ""
      for column in 0..<max(oldCells.count, newCells.count) {
        let oldCell = column < oldCells.count ? oldCells[column] : " "
        let newCell = column < newCells.count ? newCells[column] : " "
        marks.append(oldCell == newCell ? " " : "^")
      }
      while marks.last == " " { marks.removeLast() }
      let number = String(index + 1)
      text += String(repeating: " ", count: width - number.count) + number + " │" + newRow + "\n"
      text += String(repeating: " ", count: width) + " │" + marks + "\n"
    }
    return text
  }

  /// A row's cells: a character in each, a wide one (East Asian wide, most emoji) in two, the
  /// second empty, as a terminal lays them out.
  static func cells(of row: Substring) -> [String] {
    var cells: [String] = []
    for character in row {
      cells.append(String(character))
      if let scalar = character.unicodeScalars.first, isWide(scalar.value) { cells.append("") }
    }
    return cells
  }

  /// Whether a scalar takes two cells of a terminal: the East Asian wide and full-width
  /// blocks, and the emoji pictographs.
  static func isWide(_ value: UInt32) -> Bool {
    let ranges: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return ranges.contains { $0.contains(value) }
  }

  /// The screen of one pending snapshot in a review: a heading with its number, path and kind,
  /// its difference, and the keys.
  ///
  /// - Parameters:
  ///   - pending: The pending snapshot.
  ///   - index: Its position in the review, from 1.
  ///   - count: How many the review has.
  /// - Returns: The text, ending with the prompt (no line break after it).
  /// - Throws: When a file cannot be read.
  public func screen(of pending: PendingSnapshot, index: Int, count: Int) throws -> String {
    "[\(index)/\(count)] " + listing(of: pending) + "\n" + (try difference(of: pending))
      + "a accept · r reject · s skip · q quit: "
  }

  /// How many pending snapshots a review accepted, rejected and skipped.
  public struct Summary: Hashable, Sendable, CustomStringConvertible {
    /// The snapshots that replaced their references.
    public var accepted = 0
    /// The snapshots deleted.
    public var rejected = 0
    /// The snapshots left as they were, including those after a quit.
    public var skipped = 0

    /// An empty summary.
    public init() {}

    /// The summary line: `2 accepted, 1 rejected, 1 skipped`.
    public var description: String {
      "\(accepted) accepted, \(rejected) rejected, \(skipped) skipped"
    }
  }

  /// Goes through the pending snapshots one by one: shows each one's ``screen(of:index:count:)``
  /// and reads a choice, `a` (accept), `r` (reject), `s` (skip) or `q` (quit: this one and the
  /// rest are skipped).
  ///
  /// A choice is the first character of what `input` returns (a key, or a line), in either
  /// case; anything else asks again, and the end of the input (`nil`) quits. After each choice
  /// the review writes what it did (`Accepted.`); it ends with the ``Summary`` line, which it
  /// also returns.
  ///
  /// With `acceptingUnseen`, the new snapshots (those without a reference) are accepted first,
  /// each with a line (`Accepted Tests/…/idle.1.txt (new)`), and only the changed ones are
  /// shown, as `cargo insta review --accept-unseen` does.
  ///
  /// - Parameters:
  ///   - acceptingUnseen: Whether new snapshots are accepted without being shown.
  ///   - input: Reads the next key or line; `nil` at the end of the input.
  ///   - output: Writes text (line breaks are `\n`).
  /// - Returns: How many were accepted, rejected and skipped.
  /// - Throws: When the folder or a file cannot be read, or a file cannot be moved or deleted.
  @discardableResult
  public func review(
    acceptingUnseen: Bool = false, input: () -> String?, output: (String) -> Void
  ) throws -> Summary {
    var pending = try pendingSnapshots()
    var summary = Summary()
    if pending.isEmpty { output("No pending snapshots under \(root.path).\n") }
    if acceptingUnseen {
      for snapshot in pending where snapshot.isNew {
        let listing = listing(of: snapshot)
        try accept(snapshot)
        summary.accepted += 1
        output("Accepted \(listing)\n")
      }
      pending.removeAll { !FileManager.default.fileExists(atPath: $0.pendingURL.path) }
      if summary.accepted > 0 { output("\n") }
    }
    var quit = false
    for (index, snapshot) in pending.enumerated() {
      guard !quit else {
        summary.skipped += 1
        continue
      }
      output(try screen(of: snapshot, index: index + 1, count: pending.count))
      choosing: while true {
        let choice = input()?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().first
        switch choice {
        case "a":
          try accept(snapshot)
          summary.accepted += 1
          output("a\nAccepted.\n\n")
        case "r":
          try reject(snapshot)
          summary.rejected += 1
          output("r\nRejected.\n\n")
        case "s":
          summary.skipped += 1
          output("s\nSkipped.\n\n")
        case "q", nil:
          quit = true
          summary.skipped += 1
          output("q\n\n")
        default:
          output("\nPress a, r, s or q: ")
          continue choosing
        }
        break
      }
    }
    output(summary.description + "\n")
    return summary
  }
}
