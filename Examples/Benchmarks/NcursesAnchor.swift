import Foundation

/// The terminal section's ncurses anchor: `ncurses/frame.c`, built by `ncurses/build.sh` where a
/// C compiler and `libncurses-dev` are installed, run on a pseudo-terminal as
/// `TERM=xterm-256color`.
enum NcursesAnchor {
  /// The time of one of its frames, in nanoseconds, or why it could not be measured.
  static func frameTime(
    on terminal: Pseudoterminal, sampleDuration: Double, samples: Int
  ) -> Result<Double, Note> {
    let program: String
    switch builtProgram() {
    case .success(let built): program = built
    case .failure(let note): return .failure(note)
    }
    let measured = run(
      program, [terminal.path, String(sampleDuration), String(samples)],
      terminal: terminal)
    guard measured.status == 0,
      let time = Double(measured.output.trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      return .failure(Note(text: "skipped: the ncurses program failed: \(measured.error)"))
    }
    return .success(time)
  }

  /// The bytes ncurses writes for the frames of ``FrameBytes/Step``, in order: the rows in the
  /// terminal's own colors drawn from the top, scrolled a line, scrolled a screen further, and
  /// drawn again on a screen resized to 160×50.
  ///
  /// The first frame is counted from ncurses' clearing of the screen (`ESC[H ESC[2J`): the
  /// modes it sets before (the alternate screen, keypad mode), which refresh-bench's frames do
  /// not contain either (``TerminalSession`` writes those), are left out.
  static func frameBytes() -> Result<[Int], Note> {
    let program: String
    switch builtProgram() {
    case .success(let built): program = built
    case .failure(let note): return .failure(note)
    }
    let output = Self.buildFolder
    let file = output.appendingPathComponent("frames.out")
    let measured = run(program, ["--bytes", file.path], terminal: nil)
    var counts = measured.output.split(separator: "\n").compactMap { Int($0) }
    guard measured.status == 0, counts.count == 4,
      let written = FileManager.default.contents(atPath: file.path)
    else {
      return .failure(Note(text: "skipped: the ncurses program failed: \(measured.error)"))
    }
    counts[0] -= clearingStart(in: [UInt8](written.prefix(counts[0])))
    return .success(counts)
  }

  /// The bytes ncurses writes to draw each of `screens` in turn, whole (erase, a line at a
  /// time, refresh), from the first: the text of `columns` × `rows` terminal screens, a line a
  /// row.
  ///
  /// The first screen's count starts at ncurses' clearing of the screen, as in
  /// ``frameBytes()``.
  static func screenBytes(_ screens: [String], columns: Int, rows: Int) -> Result<[Int], Note> {
    let program: String
    switch builtProgram() {
    case .success(let built): program = built
    case .failure(let note): return .failure(note)
    }
    let input = buildFolder.appendingPathComponent("screens.in")
    let output = buildFolder.appendingPathComponent("screens.out")
    let text = "\(columns) \(rows) \(screens.count)\n" + screens.map { $0 + "\n" }.joined()
    do {
      try Data(text.utf8).write(to: input)
    } catch {
      return .failure(Note(text: "skipped: cannot write \(input.path): \(error)"))
    }
    let measured = run(program, ["--screens", input.path, output.path], terminal: nil)
    var counts = measured.output.split(separator: "\n").compactMap { Int($0) }
    guard measured.status == 0, counts.count == screens.count,
      let written = FileManager.default.contents(atPath: output.path)
    else {
      return .failure(Note(text: "skipped: the ncurses program failed: \(measured.error)"))
    }
    counts[0] -= clearingStart(in: [UInt8](written.prefix(counts[0])))
    return .success(counts)
  }

  /// Where ncurses' clearing of the screen (`ESC[H ESC[2J`) begins in the first frame's bytes,
  /// 0 when it does not clear.
  private static func clearingStart(in bytes: [UInt8]) -> Int {
    let clear = Array("\u{1B}[H\u{1B}[2J".utf8)
    guard bytes.count >= clear.count else { return 0 }
    return (0...(bytes.count - clear.count)).first {
      bytes[$0..<($0 + clear.count)].elementsEqual(clear)
    } ?? 0
  }

  /// Where `ncurses/build.sh` puts the program and what it writes.
  private static var buildFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/ncurses-anchor")
  }

  /// The path of the ncurses program, built (or found built) by `ncurses/build.sh`.
  private static func builtProgram() -> Result<String, Note> {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("ncurses/build.sh")
    let built = run(script.path, [buildFolder.path], terminal: nil)
    guard built.status == 0, let program = built.output.split(separator: "\n").last else {
      return .failure(Note(text: "skipped: " + (built.error.isEmpty ? "not built" : built.error)))
    }
    return .success(String(program))
  }

  /// Why the anchor was skipped.
  struct Note: Error {
    var text: String
  }

  private static func run(_ path: String, _ arguments: [String], terminal: Pseudoterminal?)
    -> (status: Int32, output: String, error: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    do { try process.run() } catch { return (-1, "", "\(path) did not start: \(error)") }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    )
  }
}
