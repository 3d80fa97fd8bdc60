import Foundation

/// Finding and decoding `.strings` files.
enum StringsFile {
  /// The name of the strings table, without its extension.
  static let tableName = "Localizable"

  /// The URL of a strings table for a language in a bundle (`Localizable.strings` unless
  /// `table` names another).
  ///
  /// Asks the bundle first. On Linux, SwiftPM lower-cases `.lproj` folder names when it copies
  /// resources (`zh-Hans.lproj` becomes `zh-hans.lproj`) and Foundation's lookup is
  /// case-sensitive, so a failed lookup is retried by listing the bundle's resource directory and
  /// matching the folder name case-insensitively.
  static func url(forLanguage language: String, table: String = tableName, in bundle: Bundle)
    -> URL?
  {
    if let url = bundle.url(
      forResource: table, withExtension: "strings", subdirectory: nil, localization: language)
    {
      return url
    }
    guard let root = bundle.resourceURL,
      let entries = try? FileManager.default.contentsOfDirectory(atPath: root.path)
    else { return nil }
    let folderName = "\(language).lproj".lowercased()
    guard let folder = entries.first(where: { $0.lowercased() == folderName }) else { return nil }
    let url = root.appendingPathComponent(folder).appendingPathComponent("\(table).strings")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The key-value pairs of a `.strings` file's contents.
  ///
  /// Tries `PropertyListSerialization` (text or binary form), then ``parse(_:)``.
  ///
  /// - Returns: The table, or `nil` when the data is not a strings table.
  static func table(from data: Data) -> [String: String]? {
    if let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
      let dictionary = plist as? [String: Any]
    {
      return dictionary.compactMapValues { $0 as? String }
    }
    return text(from: data).flatMap(parse)
  }

  /// The text of a `.strings` file: UTF-16 when it starts with a byte order mark, else UTF-8.
  static func text(from data: Data) -> String? {
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      return String(data: data, encoding: .utf16)
    }
    return String(data: data, encoding: .utf8)
  }

  /// Parses the text of a `.strings` file.
  ///
  /// Understands `"key" = "value";` entries, the `"key";` shorthand (the value is the key),
  /// `/* */` and `//` comments, and the escapes `\"`, `\\`, `\'`, `\n`, `\t`, `\r`, `\0` and
  /// `\U` or `\u` followed by four hexadecimal digits (surrogate pairs are combined).
  ///
  /// - Returns: The table, or `nil` when the text is malformed.
  static func parse(_ text: String) -> [String: String]? {
    var scanner = StringsScanner(text)
    var table: [String: String] = [:]
    while true {
      guard scanner.skipTrivia() else { return nil }
      if scanner.isAtEnd { return table }
      guard let key = scanner.quotedString(), scanner.skipTrivia() else { return nil }
      if scanner.consume(";") {
        table[key] = key
        continue
      }
      guard scanner.consume("="), scanner.skipTrivia(), let value = scanner.quotedString(),
        scanner.skipTrivia(), scanner.consume(";")
      else { return nil }
      table[key] = value
    }
  }
}
