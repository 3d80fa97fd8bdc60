import Foundation

/// What a ``TerminalHost`` received while it ran (keys, mouse events and resizes, each with its
/// time), kept as a text file so that a session a person had in a real terminal can be played
/// again, on a manual clock, by a test (``TerminalReplay``).
///
/// A host records when it is asked to (``TerminalHost/recordingPath``, or the `REFRESH_RECORD`
/// environment variable). The file has one entry a line, times in seconds since the host
/// started, cells 0-based as ``MouseEvent`` counts them:
///
/// ```text
/// refresh-recording 1
/// 0.000 resize 80 24
/// 0.412 mouse press 19 3
/// 0.445 mouse drag 19 6
/// 0.690 mouse release 19 9
/// 1.204 mouse wheel 0 -1 19 5
/// 2.310 key up
/// 3.002 key char "r"
/// 4.517 key control 3
/// 4.517 end
/// ```
///
/// Lines that start with `#` and blank lines are ignored, so a recording can be annotated by
/// hand. A mouse event may end with `button <n>` (the left button, 0, is left out). Characters
/// are quoted; `"`, `\` and anything that is not a visible character are written `\u{…}`.
///
/// ```swift
/// let recording = try TerminalRecording(contentsOfFile: "pull.rec")
/// print(recording.duration, recording.entries.count)
/// ```
public struct TerminalRecording: Hashable, Sendable {
  /// One thing the host received.
  public enum Event: Hashable, Sendable {
    /// A key or a mouse event, as ``InputParser`` decoded it.
    case input(InputEvent)
    /// The terminal took a size, in cells: the first entry of a recording gives the size the
    /// session started at.
    case resize(columns: Int, rows: Int)
    /// The host stopped: nothing follows.
    case end
  }

  /// An event and when it arrived.
  public struct Entry: Hashable, Sendable {
    /// Seconds since the recording began.
    public var time: TimeInterval
    /// What arrived.
    public var event: Event

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - time: Seconds since the recording began.
    ///   - event: What arrived.
    public init(time: TimeInterval, event: Event) {
      self.time = time
      self.event = event
    }
  }

  /// A line of a recording that cannot be read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line's number, 1-based.
    public var line: Int
    /// What is wrong with it.
    public var reason: String

    /// The error in words: `line 4: unknown key 'f13'`.
    public var description: String { "line \(line): \(reason)" }
  }

  /// The first line of every recording: the format and its version.
  public static let header = "refresh-recording 1"

  /// The entries, in time order.
  public private(set) var entries: [Entry]

  /// Creates a recording from entries.
  ///
  /// Entries are kept in time order (a stable sort); entries whose time is negative or not
  /// finite are left out.
  ///
  /// - Parameter entries: The entries.
  public init(entries: [Entry] = []) {
    self.entries = entries.filter { $0.time.isFinite && $0.time >= 0 }
      .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }

  /// Reads a recording from its text.
  ///
  /// - Parameter text: The file's text.
  /// - Throws: A ``ParseError`` naming the first line that is not an entry: a missing or
  ///   unknown header, an unknown event or key, a bad number, a time that goes backwards.
  public init(text: String) throws(ParseError) {
    var entries: [Entry] = []
    var sawHeader = false
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard sawHeader else {
        guard line == Self.header else {
          throw ParseError(line: index + 1, reason: "expected '\(Self.header)', found '\(line)'")
        }
        sawHeader = true
        continue
      }
      let entry = try Self.entry(from: line, number: index + 1)
      if let last = entries.last, entry.time < last.time {
        throw ParseError(line: index + 1, reason: "the time goes backwards")
      }
      entries.append(entry)
    }
    guard sawHeader else {
      throw ParseError(line: 1, reason: "expected '\(Self.header)', the file is empty")
    }
    self.entries = entries
  }

  /// Reads a recording from a file.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: The file system's error when the file cannot be read, a ``ParseError`` when it
  ///   is not a recording.
  public init(contentsOfFile path: String) throws {
    try self.init(text: String(contentsOfFile: path, encoding: .utf8))
  }

  /// The recording's text, as a host writes it: the header, then one line per entry.
  public var text: String {
    ([Self.header] + entries.map(Self.line(for:))).joined(separator: "\n") + "\n"
  }

  /// The time of the last entry, in seconds (0 for an empty recording).
  public var duration: TimeInterval { entries.last?.time ?? 0 }

  /// The size the session started at: the first resize, if any.
  public var initialSize: (columns: Int, rows: Int)? {
    for entry in entries {
      if case .resize(let columns, let rows) = entry.event { return (columns, rows) }
    }
    return nil
  }

  /// Adds an entry at the end; one earlier than the last entry takes the last entry's time.
  ///
  /// - Parameter entry: The entry; one whose time is negative or not finite is ignored.
  public mutating func append(_ entry: Entry) {
    guard entry.time.isFinite, entry.time >= 0 else { return }
    var entry = entry
    if let last = entries.last, entry.time < last.time { entry.time = last.time }
    entries.append(entry)
  }
}
