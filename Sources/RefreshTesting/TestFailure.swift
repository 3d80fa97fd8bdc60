import Foundation
import Testing
import XCTest

/// Where an assertion was written, as the test's default arguments give it.
struct AssertionLocation: Sendable {
  /// The file's ID (`Module/File.swift`).
  var fileID: String
  /// The file's path.
  var filePath: StaticString
  /// The line.
  var line: UInt
  /// The column.
  var column: UInt

  init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The file's path, as text.
  var path: String { "\(filePath)" }
}

/// Reports a failed assertion to the test library that runs the test: an issue in Swift
/// Testing, a failure in XCTest.
enum TestFailure {
  /// Records a failure at a location.
  ///
  /// - Parameters:
  ///   - message: What failed, possibly over several lines.
  ///   - location: Where the assertion was written.
  static func record(_ message: String, at location: AssertionLocation) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: location.fileID, filePath: location.path, line: Int(location.line),
          column: Int(location.column)))
    } else {
      XCTFail(message, file: location.filePath, line: location.line)
    }
  }
}
