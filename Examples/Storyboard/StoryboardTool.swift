import Foundation
import Refresh
import Rendering

/// What a command line asks `refresh-storyboard` to do.
enum StoryboardCommand: Equatable, Sendable {
  /// Print the usage.
  case help
  /// Print the storyboards' names and summaries.
  case list
  /// Render storyboards to SVG files.
  case render(RenderOptions)
}

/// How to render: which storyboards, how often to record a frame, where to write, how to lay
/// the strip out.
struct RenderOptions: Equatable, Sendable {
  /// The storyboards to render, by name, in order; empty for all of them.
  var storyNames: [String] = []

  /// The time between frames, in milliseconds.
  var intervalMilliseconds = 100

  /// The directory the `<name>.svg` files are written to (created if needed).
  var outputDirectory = "docs/images"

  /// The number of frames per row of the strip.
  var columns = 4

  /// The size the strip is shown at, relative to its 375 × 667 point frames.
  var scale = 0.5

  /// Recordings of `refresh-demo --record` to render instead of the storyboards.
  var replayPaths: [String] = []

  /// The time between frames, in seconds.
  var interval: TimeInterval { Double(intervalMilliseconds) / 1000 }
}

/// A command line `refresh-storyboard` does not understand; the message says why.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in one line.
  let message: String

  /// The message.
  var description: String { message }
}

/// The `refresh-storyboard` command: parses its arguments, renders storyboards, writes files.
enum StoryboardTool {
  /// The command's name, as its messages start.
  static let commandName = "refresh-storyboard"

  /// The exit code of a run that did what was asked.
  static let success: Int32 = 0
  /// The exit code of a run that could not write its files.
  static let failure: Int32 = 1
  /// The exit code of a command line that was not understood.
  static let usageFailure: Int32 = 2

  /// The bounds of the numeric options.
  static let intervalRange = 10...10_000
  static let columnsRange = 1...20
  static let scaleRange = 0.1...4.0

  /// The text `--help` prints.
  ///
  /// - Parameter catalog: The storyboards it lists.
  /// - Returns: The usage.
  static func usage(catalog: StoryboardCatalog) -> String {
    let defaults = RenderOptions()
    let stories = catalog.storyboards.map {
      "  \($0.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \($0.summary)"
    }
    let interval = "\(intervalRange.lowerBound) to \(intervalRange.upperBound)"
    let columns = "\(columnsRange.lowerBound) to \(columnsRange.upperBound)"
    let scale = "\(scaleRange.lowerBound) to \(scaleRange.upperBound)"
    return """
      USAGE: \(commandName) [--story <name>]... [--interval <ms>] [--output <dir>]
                                [--columns <n>] [--scale <factor>]
             \(commandName) --replay <file>... [--interval <ms>] [--output <dir>] ...
             \(commandName) --list | --help

      Plays scripted gestures on swift-refresh components against a manual clock and writes
      each storyboard as an SVG filmstrip, <dir>/<name>.svg: a frame every interval, captioned
      with the time, the component's state and the content offset
      ("0.30 s · refreshing · y −118"). The same arguments always write the same bytes.

      OPTIONS:
        --story <name>      Render only this storyboard (repeatable; default: all of them).
        --interval <ms>     Time between frames, in milliseconds, \(interval)
                            (default: \(defaults.intervalMilliseconds)).
        --output <dir>      Directory to write <name>.svg to, created if needed
                            (default: \(defaults.outputDirectory)).
        --columns <n>       Frames per row of the strip, \(columns) (default: \(defaults.columns)).
        --scale <factor>    Size the strip is shown at, relative to its 375 × 667 pt frames,
                            \(scale) (default: \(defaults.scale)).
        --replay <file>     Instead of the storyboards, play a session recorded with
                            refresh-demo --record <file> in the demo app and write
                            <dir>/<file's name>.svg: a frame every interval that changed the
                            screen (repeatable).
        --list              List the storyboards and exit.
        -h, --help          Show this help and exit.

      Options take their value as the next argument or after "=" (--interval=50).

      STORYBOARDS:
      \(stories.joined(separator: "\n"))

      EXIT STATUS: 0 on success, 1 when a file cannot be written, 2 for a bad command line.
      """
  }

  /// Parses the arguments (without the command's name).
  ///
  /// - Parameters:
  ///   - arguments: The arguments, as `CommandLine.arguments.dropFirst()`.
  ///   - catalog: The storyboards `--story` may name.
  /// - Returns: What to do.
  /// - Throws: A ``UsageError`` for an unknown option, a missing or bad value, an unknown
  ///   storyboard or a stray argument.
  static func parse(_ arguments: [String], catalog: StoryboardCatalog) throws(UsageError)
    -> StoryboardCommand
  {
    var options = RenderOptions()
    var remaining = arguments[...]
    var listing = false
    while let argument = remaining.popFirst() {
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let attached { return attached }
        // An option's value never looks like another option: `--output --story` lacks one.
        guard let next = remaining.first, !next.hasPrefix("--") else {
          throw UsageError(message: "\(name) needs a value")
        }
        remaining.removeFirst()
        return next
      }
      switch name {
      case "-h", "--help":
        guard attached == nil else { throw UsageError(message: "\(name) takes no value") }
        return .help
      case "--list":
        guard attached == nil else { throw UsageError(message: "\(name) takes no value") }
        listing = true
      case "--story":
        let story = try value()
        guard catalog.storyboard(named: story) != nil else {
          throw UsageError(
            message:
              "unknown storyboard '\(story)'; the storyboards are "
              + catalog.names.joined(separator: ", "))
        }
        if !options.storyNames.contains(story) { options.storyNames.append(story) }
      case "--interval":
        options.intervalMilliseconds = try integer(
          try value(), for: name, in: intervalRange, unit: " milliseconds")
      case "--columns":
        options.columns = try integer(try value(), for: name, in: columnsRange, unit: "")
      case "--scale":
        let text = try value()
        guard let scale = Double(text), scale.isFinite, scaleRange.contains(scale) else {
          throw UsageError(
            message:
              "\(name) needs a number from \(scaleRange.lowerBound) to \(scaleRange.upperBound), "
              + "not '\(text)'")
        }
        options.scale = scale
      case "--replay":
        let path = try value()
        guard !path.isEmpty else { throw UsageError(message: "\(name) needs a file") }
        options.replayPaths.append(path)
      case "--output":
        let directory = try value()
        guard !directory.isEmpty else { throw UsageError(message: "\(name) needs a directory") }
        options.outputDirectory = directory
      default:
        if argument.hasPrefix("-") {
          throw UsageError(message: "unknown option '\(name)'")
        }
        throw UsageError(
          message: "unexpected argument '\(argument)' (to choose a storyboard: --story \(argument))"
        )
      }
    }
    return listing ? .list : .render(options)
  }

  private static func integer(
    _ text: String, for name: String, in range: ClosedRange<Int>, unit: String
  ) throws(UsageError) -> Int {
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        message:
          "\(name) needs a whole number\(unit.isEmpty ? "" : " of" + unit) from "
          + "\(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return number
  }

  /// Renders one storyboard to its SVG document, in English, whatever the process's language.
  ///
  /// - Parameters:
  ///   - storyboard: The storyboard.
  ///   - options: The interval, columns and scale.
  /// - Returns: The frames and the document.
  @MainActor
  static func render(_ storyboard: Storyboard, options: RenderOptions) -> (
    frames: [StoryFrame], document: String
  ) {
    let config = RefreshConfig.default
    let language = config.languageCode
    config.languageCode = "en"
    defer { config.languageCode = language }
    let frames = StoryPlayer.record(storyboard, interval: options.interval)
    let document = StoryboardDocument.svg(
      title: "\(storyboard.name) · \(storyboard.summary)", frames: frames,
      columns: options.columns, scale: options.scale)
    return (frames, document)
  }

  /// Runs the command: parses the arguments, then prints the help or the list, or renders and
  /// writes the files.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the command's name.
  ///   - catalog: The storyboards.
  ///   - standardOutput: Prints a line of output.
  ///   - standardError: Prints a line of diagnostics.
  /// - Returns: The exit code: ``success``, ``failure`` or ``usageFailure``.
  @MainActor
  static func run(
    _ arguments: [String], catalog: StoryboardCatalog,
    standardOutput: (String) -> Void, standardError: (String) -> Void
  ) -> Int32 {
    let command: StoryboardCommand
    do {
      command = try parse(arguments, catalog: catalog)
    } catch {
      standardError("\(commandName): \(error.message)")
      standardError("Run '\(commandName) --help' for usage.")
      return usageFailure
    }
    switch command {
    case .help:
      standardOutput(usage(catalog: catalog))
      return success
    case .list:
      for storyboard in catalog.storyboards {
        standardOutput("\(storyboard.name)\t\(storyboard.summary)")
      }
      return success
    case .render(let options):
      return write(
        options, catalog: catalog, standardOutput: standardOutput,
        standardError: standardError)
    }
  }

  @MainActor
  private static func write(
    _ options: RenderOptions, catalog: StoryboardCatalog,
    standardOutput: (String) -> Void, standardError: (String) -> Void
  ) -> Int32 {
    let directory = URL(fileURLWithPath: options.outputDirectory, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      standardError("\(commandName): cannot create \(options.outputDirectory): \(error)")
      return failure
    }
    guard options.replayPaths.isEmpty else {
      return writeReplays(
        options, to: directory, standardOutput: standardOutput,
        standardError: standardError)
    }
    let names = options.storyNames.isEmpty ? catalog.names : options.storyNames
    for name in names {
      guard let storyboard = catalog.storyboard(named: name) else { continue }
      let (frames, document) = render(storyboard, options: options)
      let file = directory.appendingPathComponent("\(name).svg")
      do {
        try Data(document.utf8).write(to: file)
      } catch {
        standardError("\(commandName): cannot write \(file.path): \(error)")
        return failure
      }
      standardOutput("\(file.relativePath): \(frames.count) frames")
    }
    return success
  }

  /// Renders each recording of ``RenderOptions/replayPaths`` to `<directory>/<name>.svg`.
  @MainActor
  private static func writeReplays(
    _ options: RenderOptions, to directory: URL,
    standardOutput: (String) -> Void, standardError: (String) -> Void
  ) -> Int32 {
    for path in options.replayPaths {
      let recording: TerminalRecording
      do {
        recording = try TerminalRecording(contentsOfFile: path)
      } catch {
        standardError("\(commandName): cannot replay \(path): \(error)")
        return failure
      }
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      let (frames, document) = RecordingStoryboard.render(recording, name: name, options: options)
      let file = directory.appendingPathComponent("\(name).svg")
      do {
        try Data(document.utf8).write(to: file)
      } catch {
        standardError("\(commandName): cannot write \(file.path): \(error)")
        return failure
      }
      standardOutput("\(file.relativePath): \(frames.count) frames")
    }
    return success
  }
}
