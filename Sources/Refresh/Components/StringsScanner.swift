import Foundation

/// A cursor over the Unicode scalars of a `.strings` file.
struct StringsScanner {
  private let scalars: [Unicode.Scalar]
  private var index = 0

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  var isAtEnd: Bool { index == scalars.count }

  private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private func peek(_ offset: Int) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  /// Consumes `scalar` if it is next.
  mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
    guard current == scalar else { return false }
    index += 1
    return true
  }

  /// Skips whitespace, byte order marks and comments; `false` for an unterminated comment.
  mutating func skipTrivia() -> Bool {
    while let scalar = current {
      if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
        index += 1
      } else if scalar == "/", peek(1) == "/" {
        while let next = current, next != "\n" { index += 1 }
      } else if scalar == "/", peek(1) == "*" {
        index += 2
        while !(current == "*" && peek(1) == "/") {
          guard current != nil else { return false }
          index += 1
        }
        index += 2
      } else {
        return true
      }
    }
    return true
  }

  /// Consumes a double-quoted string and returns its unescaped contents.
  mutating func quotedString() -> String? {
    guard consume("\"") else { return nil }
    var result = String.UnicodeScalarView()
    var pendingHighSurrogate: UInt32?
    while let scalar = current {
      index += 1
      if scalar == "\"" {
        return pendingHighSurrogate == nil ? String(result) : nil
      }
      guard scalar == "\\" else {
        guard pendingHighSurrogate == nil else { return nil }
        result.append(scalar)
        continue
      }
      guard let escaped = current else { return nil }
      index += 1
      if escaped == "U" || escaped == "u" {
        guard let unit = hexQuad() else { return nil }
        if let high = pendingHighSurrogate {
          guard (0xDC00...0xDFFF).contains(unit) else { return nil }
          let value = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
          guard let combined = Unicode.Scalar(value) else { return nil }
          result.append(combined)
          pendingHighSurrogate = nil
        } else if (0xD800...0xDBFF).contains(unit) {
          pendingHighSurrogate = unit
        } else {
          guard let decoded = Unicode.Scalar(unit) else { return nil }
          result.append(decoded)
        }
        continue
      }
      guard pendingHighSurrogate == nil else { return nil }
      switch escaped {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "r": result.append("\r")
      case "0": result.append("\0")
      default: result.append(escaped)
      }
    }
    return nil
  }

  /// Consumes four hexadecimal digits and returns their value.
  private mutating func hexQuad() -> UInt32? {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let scalar = current, let digit = Character(scalar).hexDigitValue else { return nil }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
