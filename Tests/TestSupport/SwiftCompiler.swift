import Foundation

/// The toolchain's `swiftc`, run on a source file against this package's built modules, the way a
/// user's file that imports them is compiled.
///
/// Tests use it for what cannot be compiled into a test target: documentation snippets with
/// exactly their own imports, and code that must fail with particular diagnostics.
///
/// ```swift
/// let result = try await SwiftCompiler.typecheck("import Refresh\nlet p = CGPoint.zero\n")
/// #expect(result.errors.isEmpty)
/// ```
public enum SwiftCompiler {
  /// What one `swiftc -typecheck` run printed.
  public struct Result: Sendable {
    /// The exit status: 0 when the source compiled.
    public let status: Int32
    /// The diagnostics, as `swiftc` prints them in LLVM style (`file:line:column: error: ...`).
    public let output: String
    /// The fix-its the compiler offered, each as the replaced text's location and its new text.
    public let fixIts: [FixIt]

    /// The lines that report an error, without the file name: `line:column: error: ...`.
    public var errors: [String] { lines(ofKind: "error") }

    /// The lines that report a warning, without the file name.
    public var warnings: [String] { lines(ofKind: "warning") }

    private func lines(ofKind kind: String) -> [String] {
      output.split(separator: "\n").compactMap { line in
        guard line.contains(": \(kind): "), let start = line.range(of: ".swift:") else {
          return nil
        }
        return String(line[start.upperBound...])
      }
    }
  }

  /// One edit the compiler offers (what Xcode's and SourceKit-LSP's "Fix" buttons apply).
  public struct FixIt: Sendable, Equatable {
    /// The first UTF-8 byte replaced, from the start of the file.
    public let offset: Int
    /// How many UTF-8 bytes are replaced.
    public let length: Int
    /// The text put in their place.
    public let text: String
  }

  /// The folder of the built `.swiftmodule`s of the package under test.
  ///
  /// The test executable is built next to them (`.build/debug/Modules`, or under the scratch
  /// path of a sanitizer build); the package's default build folder is the fallback.
  public static let modulesDirectory: URL? = {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var candidates: [URL] = []
    var folder = executable.deletingLastPathComponent()
    for _ in 0..<6 {
      candidates.append(folder.appendingPathComponent("Modules"))
      folder = folder.deletingLastPathComponent()
    }
    candidates.append(
      packageRoot.appendingPathComponent(".build").appendingPathComponent("debug")
        .appendingPathComponent("Modules"))
    return candidates.first { folder in
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Refresh.swiftmodule").path)
    }
  }()

  /// The root of the package: the folder that holds `Package.swift`.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The package's modules were not found next to the test executable.
  public struct ModulesNotBuilt: Error, CustomStringConvertible {
    /// What to do.
    public var description: String {
      "the built modules (Modules/Refresh.swiftmodule) were not found: build the package first"
    }
  }

  /// Type-checks one file, in Swift 6 mode, against the package's built modules.
  ///
  /// - Parameters:
  ///   - source: The whole file, imports included.
  ///   - fileName: The name the file gets (`main.swift` allows top-level code in any case).
  /// - Returns: The exit status, the diagnostics and the fix-its.
  /// - Throws: ``ModulesNotBuilt`` without a build; an error when `swiftc` cannot be started.
  public static func typecheck(_ source: String, fileName: String = "main.swift") async throws
    -> Result
  {
    guard let modules = modulesDirectory else { throw ModulesNotBuilt() }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swift-refresh-typecheck-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(fileName)
    let log = folder.appendingPathComponent("diagnostics.txt")
    try source.write(to: file, atomically: true, encoding: .utf8)
    guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    let logHandle = try FileHandle(forWritingTo: log)
    defer { try? logHandle.close() }

    let process = Process()
    #if os(macOS)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
    #else
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    #endif
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-diagnostic-style", "llvm",
      // The build's own clang module cache, warm: a fresh one costs seconds per run.
      "-I", modules.path,
      // `Observing`'s C module, which its inlinable code names.
      "-I", packageRoot.appendingPathComponent("Sources/_ObservingShims/include").path,
      "-module-cache-path",
      modules.deletingLastPathComponent().appendingPathComponent("ModuleCache").path,
      file.path,
    ]
    // A file, not a pipe: a long report can never fill a buffer and stall the compiler.
    process.standardOutput = logHandle
    process.standardError = logHandle
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { process in
        continuation.resume(returning: process.terminationStatus)
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    let output = try String(contentsOf: log, encoding: .utf8)
    return Result(status: status, output: output, fixIts: fixIts(in: output, of: source))
  }

  /// The replacements LLVM-style diagnostics print under their caret line.
  ///
  /// The caret line marks the diagnostic's ranges (`^~~~`, `~~`); the line after it, when it is
  /// not the next diagnostic, holds the fix-it: its text starts in the column of the range it
  /// replaces (a blank line removes the range that starts where the blanks end), or in the
  /// column where it is inserted.
  private static func fixIts(in output: String, of source: String) -> [FixIt] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
    var lineStarts: [Int] = []
    var offset = 0
    for line in sourceLines {
      lineStarts.append(offset)
      offset += line.utf8.count + 1
    }
    var result: [FixIt] = []
    for index in lines.indices.dropLast(3) {
      // `file.swift:12:8: error: ...`, the source line, the caret line, the fix-it.
      let header = lines[index].split(separator: ":", maxSplits: 4)
      guard header.count == 5, lines[index].contains(": error: "),
        let line = Int(header[1]), line >= 1, line <= sourceLines.count
      else { continue }
      let caret = Array(lines[index + 2])
      let fixIt = Array(lines[index + 3])
      guard caret.contains("^"), caret.allSatisfy({ " ^~".contains($0) }),
        !fixIt.isEmpty, !lines[index + 3].contains(": ")
      else { continue }
      // The ranges: runs of `^` and `~`, by their first column.
      var runs: [Int: Int] = [:]
      var column = 0
      while column < caret.count {
        guard caret[column] != " " else {
          column += 1
          continue
        }
        let length = caret[column...].prefix { $0 != " " }.count
        runs[column] = length
        column += length
      }
      let start = fixIt.firstIndex { $0 != " " } ?? fixIt.count
      let text = String(fixIt[start...]).replacingOccurrences(
        of: "\\s+$", with: "", options: .regularExpression)
      let sourceLine = Array(sourceLines[line - 1])
      guard start <= sourceLine.count else { continue }
      let length = min(runs[start] ?? 0, sourceLine.count - start)
      let prefix = String(sourceLine.prefix(start)).utf8.count
      let replaced = String(sourceLine[start..<(start + length)]).utf8.count
      result.append(FixIt(offset: lineStarts[line - 1] + prefix, length: replaced, text: text))
    }
    return result
  }

  /// The source with every fix-it applied, as an editor's "Fix all" does.
  ///
  /// - Parameters:
  ///   - fixIts: Edits that do not overlap.
  ///   - source: The source they were reported for.
  /// - Returns: The edited source.
  public static func applying(_ fixIts: [FixIt], to source: String) -> String {
    var bytes = Array(source.utf8)
    for fixIt in fixIts.sorted(by: { $0.offset > $1.offset }) {
      bytes.replaceSubrange(
        fixIt.offset..<(fixIt.offset + fixIt.length), with: Array(fixIt.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
