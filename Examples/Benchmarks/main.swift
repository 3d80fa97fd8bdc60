import Foundation

/// The sections, by the name `--section` takes.
let sections: [String: (inout Bench) -> Void] = [
  "observing": { $0.runObserving() },
  "scroll": { $0.runScroll() },
  "components": { $0.runComponents() },
  "terminal": { $0.runTerminal() },
  "list": { $0.runList() },
]

let usage = """
  USAGE: refresh-bench [--json] [--section <name>]...

  Measures swift-refresh beside its anchors in one process and prints ratios.
  Build it in release mode: swift run -c release refresh-bench

  OPTIONS:
    --json              Print the measurements as JSON instead of a table.
    --section <name>    Run only this section (repeatable): \(sections.keys.sorted().joined(separator: ", ")).
    --quick             Shorter samples (for smoke tests; the figures are noisier).
    -h, --help          Show this help.
  """

var arguments = Array(CommandLine.arguments.dropFirst())
var json = false
var quick = false
var selected: [String] = []
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--json": json = true
  case "--quick": quick = true
  case "-h", "--help":
    print(usage)
    exit(0)
  case "--section":
    guard let name = arguments.first?.lowercased(), sections[name] != nil else {
      FileHandle.standardError.write(
        Data("refresh-bench: --section needs one of \(sections.keys.sorted())\n".utf8))
      exit(2)
    }
    arguments.removeFirst()
    selected.append(name)
  default:
    FileHandle.standardError.write(
      Data("refresh-bench: unknown argument '\(argument)'\n\n\(usage)\n".utf8))
    exit(2)
  }
}

#if DEBUG
  if !json {
    print("note: a debug build; run `swift run -c release refresh-bench` for meaningful figures")
  }
#endif

var bench = Bench()
if quick {
  bench.sampleDuration = 0.0005
  bench.samples = 3
  bench.minimumSamples = 3
  bench.measurementBudget = 0.002
}
for name in selected.isEmpty ? sections.keys.sorted() : selected {
  sections[name]!(&bench)
}
print(json ? try bench.json() : bench.table())
