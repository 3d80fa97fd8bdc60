import Foundation

let code = StoryboardTool.run(
  Array(CommandLine.arguments.dropFirst()), catalog: .standard,
  standardOutput: { print($0) },
  standardError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(code)
