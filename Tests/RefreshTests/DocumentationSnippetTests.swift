import Foundation
import TestSupport
import Testing

/// One fenced Swift block of the README or of a DocC article.
struct DocumentationSnippet: CustomTestStringConvertible, Sendable {
  /// The document, from the package root.
  let document: String
  /// The line of the opening fence, from 1.
  let line: Int
  /// The code between the fences.
  let code: String

  var testDescription: String { "\(document):\(line)" }

  /// Whether the block says, on its first line, that it is not meant to compile alone: a comment
  /// that contains "not compiled", as `// Package.swift (a fragment, not compiled)`.
  var isMarkedNotCompiled: Bool {
    let first = code.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
    return first.hasPrefix("//") && first.localizedCaseInsensitiveContains("not compiled")
  }

  /// The README and every DocC article of every module, found by scanning the package, so that
  /// a new article is checked without being listed anywhere.
  static func documents(in root: URL) -> [String] {
    var documents = ["README.md"]
    let sources = root.appendingPathComponent("Sources")
    let found = FileManager.default.enumerator(atPath: sources.path)?.compactMap {
      $0 as? String
    }
    documents += (found ?? []).filter { path in
      path.hasSuffix(".md") && path.split(separator: "/").contains { $0.hasSuffix(".docc") }
    }.sorted().map { "Sources/\($0)" }
    return documents
  }

  /// The fenced Swift blocks of a Markdown text: from a line that is exactly ```` ```swift ````
  /// (indentation aside) to the next closing fence.
  static func snippets(inMarkdown text: String, document: String) -> [DocumentationSnippet] {
    var snippets: [DocumentationSnippet] = []
    var current: (line: Int, lines: [Substring])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = current {
        if trimmed == "```" {
          snippets.append(
            DocumentationSnippet(
              document: document, line: block.line, code: block.lines.joined(separator: "\n")))
          current = nil
        } else {
          block.lines.append(line)
          current = block
        }
      } else if trimmed == "```swift" {
        current = (index + 1, [])
      }
    }
    return snippets
  }

  /// Every Swift block of every document.
  static let all: [DocumentationSnippet] = {
    let root = SwiftCompiler.packageRoot
    return documents(in: root).flatMap { document in
      let text =
        (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)) ?? ""
      return snippets(inMarkdown: text, document: document)
    }
  }()
}

/// Every Swift snippet of the README and the DocC articles compiles in a file of its own, with
/// exactly the imports it shows, against the built modules: what a reader who pastes it gets.
///
/// A snippet that is not meant to compile alone (a manifest fragment) says so on its first line,
/// with a comment that contains "not compiled".
@Suite("Documentation snippets compile as shown")
struct DocumentationSnippetTests {
  /// Snippets being rewritten elsewhere that did not yet compile when this check landed, each
  /// with its document and line: reported as known issues, not failures, until they do.
  static let pendingRewrite: Set<String> = []

  @Test(arguments: DocumentationSnippet.all.filter { !$0.isMarkedNotCompiled })
  func compilesWithItsOwnImports(snippet: DocumentationSnippet) async throws {
    let result = try await SwiftCompiler.typecheck(snippet.code + "\n")
    let check = {
      #expect(
        result.status == 0 && result.warnings.isEmpty,
        """
        The snippet at \(snippet.document):\(snippet.line) does not compile cleanly with \
        exactly the imports it shows. Show the imports and declarations it uses, or mark it \
        with a first-line comment that says "not compiled".
        \(result.output)
        """)
    }
    if Self.pendingRewrite.contains(snippet.testDescription) {
      withKnownIssue("being rewritten", isIntermittent: true, check)
    } else {
      check()
    }
  }

  @Test func theScanFindsEveryDocument() {
    let documents = DocumentationSnippet.documents(in: SwiftCompiler.packageRoot)
    #expect(documents.first == "README.md")
    #expect(documents.contains("Sources/Refresh/Refresh.docc/GettingStarted.md"))
    #expect(documents.contains("Sources/Observing/Observing.docc/Observing.md"))
    #expect(documents.contains("Sources/Rendering/Rendering.docc/PullToRefreshInATerminalApp.md"))
    #expect(DocumentationSnippet.all.count >= 15)
  }

  @Test func fencesAndMarks() {
    let markdown = """
      Text.

      ```swift
      import Refresh
      let a = 1
      ```

        ```swift
        // Package.swift (a fragment, not compiled)
        dependencies: []
        ```

      ```sh
      swift test
      ```
      """
    let snippets = DocumentationSnippet.snippets(inMarkdown: markdown, document: "x.md")
    #expect(snippets.map(\.line) == [3, 8])
    #expect(snippets[0].code == "import Refresh\nlet a = 1")
    #expect(!snippets[0].isMarkedNotCompiled)
    #expect(snippets[1].isMarkedNotCompiled)
  }

  /// The check can fail: a snippet that names geometry without importing anything is refused.
  @Test func aSnippetWithoutItsImportsFails() async throws {
    let result = try await SwiftCompiler.typecheck("let point = CGPoint(x: 1, y: 2)\n")
    #expect(result.status != 0)
    #expect(result.errors.contains { $0.contains("cannot find 'CGPoint' in scope") })
  }
}
