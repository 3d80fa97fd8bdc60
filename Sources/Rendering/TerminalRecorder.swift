import Foundation

/// Writes a ``TerminalRecording`` to a file as it happens, one line per entry, so that the file
/// holds everything up to the moment a program stopped, even one that crashed.
///
/// ``TerminalHost`` makes one when ``TerminalHost/recordingPath`` is set; anything else that
/// reads a terminal may use one too:
///
/// ```swift
/// let recorder = try TerminalRecorder(path: "session.rec")
/// recorder.record(.resize(columns: 80, rows: 24), at: 0)
/// recorder.record(.input(.key(.up)), at: 0.5)
/// recorder.close()
/// ```
public final class TerminalRecorder {
  /// The file's path.
  public let path: String

  /// The entries written so far.
  public private(set) var recording = TerminalRecording()

  private var file: FileHandle?

  /// Creates the file (replacing one that exists) and writes the header.
  ///
  /// - Parameter path: Where to write.
  /// - Throws: `CocoaError(.fileWriteNoPermission)` (or the file system's own error) when the
  ///   file cannot be created.
  public init(path: String) throws {
    self.path = path
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
    }
    self.file = file
    write(TerminalRecording.header + "\n")
  }

  deinit {
    try? file?.close()
  }

  /// Writes an entry.
  ///
  /// Times before the last entry's are written as the last entry's; times that are negative
  /// or not finite, and anything after ``close()``, are ignored.
  ///
  /// - Parameters:
  ///   - event: What arrived.
  ///   - time: Seconds since the recording began.
  public func record(_ event: TerminalRecording.Event, at time: TimeInterval) {
    guard file != nil else { return }
    let before = recording.entries.count
    recording.append(TerminalRecording.Entry(time: time, event: event))
    guard recording.entries.count > before, let entry = recording.entries.last else { return }
    write(TerminalRecording.line(for: entry) + "\n")
  }

  /// Closes the file; later entries are ignored.
  public func close() {
    try? file?.close()
    file = nil
  }

  /// Writes at once, so that the file is complete up to the last entry whatever happens next;
  /// a failing write (a full disk) stops the recording rather than the program.
  private func write(_ text: String) {
    do {
      try file?.write(contentsOf: Data(text.utf8))
    } catch {
      close()
    }
  }
}
