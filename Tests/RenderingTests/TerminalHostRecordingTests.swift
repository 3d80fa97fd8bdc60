import Foundation
import Refresh
import Testing

@testable import Rendering

/// A host records what it receives when asked. These run in the host's serialized suite: one
/// terminal session is active at a time in a process.
extension TerminalHostTests {
  @Test
  func aSessionIsRecordedWithItsSizeKeysMouseAndEnd() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("host-\(UUID().uuidString).rec").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    host.recordingPath = path
    let run = Task { @MainActor [host] in try await host.run() }
    #expect(await eventually { host.isRunning })
    // The file is written entry by entry: each step waits until the one before is in it, so
    // that a resize cannot overtake input the host has read but not yet handled.
    func recordedCount() -> Int {
      (try? TerminalRecording(contentsOfFile: path))?.entries.count ?? 0
    }
    func recorded() -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    terminal.type("x\u{1B}[<0;10;5M\u{1B}[<0;10;5m")
    #expect(await eventually { recordedCount() == 4 }, "\(recorded())")
    terminal.resize(columns: 50, rows: 20)
    #expect(await eventually { recordedCount() == 5 }, "\(recorded())")
    terminal.type("\u{03}")
    try await run.value

    let recording = try TerminalRecording(contentsOfFile: path)
    #expect(
      recording.entries.map(\.event) == [
        .resize(columns: 40, rows: 12),
        .input(.key(.character("x"))),
        .input(.mouse(MouseEvent(kind: .press, column: 9, row: 4))),
        .input(.mouse(MouseEvent(kind: .release, column: 9, row: 4))),
        .resize(columns: 50, rows: 20),
        .input(.key(.control(3))),
        .end,
      ])
    #expect(recording.entries.first?.time == 0)
    #expect(recording.entries.map(\.time) == recording.entries.map(\.time).sorted())
  }

  @Test func aRecordingThatCannotBeCreatedStopsTheHostBeforeItTakesTheTerminal() async throws {
    host.recordingPath = "/nonexistent-directory/session.rec"
    await #expect(
      throws: TerminalHost.Failure.cannotRecord(path: "/nonexistent-directory/session.rec")
    ) {
      try await host.run()
    }
    #expect(!host.isRunning)
    #expect(terminal.output.isEmpty)
  }
}
