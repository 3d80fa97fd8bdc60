import Foundation

/// How many colors a terminal shows, and so how ``TerminalFrameBuffer`` writes them.
///
/// ``init(environment:)`` reads it the way terminal programs agree on: `NO_COLOR`
/// (<https://no-color.org>) turns colors off, `COLORTERM` announces 24-bit color, and `TERM`'s
/// name, or else its terminfo entry, says how many colors the terminal has.
public enum TerminalColorMode: Hashable, Sendable, CaseIterable {
  /// No color codes at all: only bold and reverse video (`NO_COLOR`, `TERM=dumb`).
  case none
  /// The 16 system colors (`30`–`37`, `90`–`97` and their backgrounds), which the terminal's
  /// theme sets.
  case palette16
  /// The xterm 256-color palette (`38;5;n`, `48;5;n`).
  case palette256
  /// 24-bit color (`38;2;r;g;b`, `48;2;r;g;b`).
  case trueColor

  /// The mode a terminal's environment asks for.
  ///
  /// In this order:
  /// 1. `NO_COLOR` set to anything but the empty string, or `TERM=dumb`: ``none``.
  /// 2. `COLORTERM` is `truecolor` or `24bit`: ``trueColor``.
  /// 3. What `TERM`'s name says (``init(terminalName:)``), before any terminfo entry: Debian
  ///    installs only a few entries, so `xterm-16color` often has none.
  /// 4. `TERM`'s terminfo entry (found as `ncurses` finds it: `TERMINFO`, `~/.terminfo`,
  ///    `TERMINFO_DIRS`, `/etc/terminfo`, `/lib/terminfo`, `/usr/share/terminfo`) gives its
  ///    `colors`: 256 or more is ``palette256``, fewer (`xterm`, `screen`, `linux` have 8) is
  ///    ``palette16``.
  /// 5. Otherwise (no `TERM`, or a name that says nothing and has no entry): ``palette16``,
  ///    which every color terminal shows, rather than codes an unknown terminal could print as
  ///    garbage.
  ///
  /// ```swift
  /// TerminalColorMode(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
  /// // .trueColor
  /// TerminalColorMode(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])  // .none
  /// TerminalColorMode(environment: ["TERM": "xterm-16color"])  // .palette16
  /// ```
  ///
  /// - Parameter environment: The variables, such as `ProcessInfo.processInfo.environment`.
  public init(environment: [String: String]) {
    let term = environment["TERM"] ?? ""
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      self = .none
    } else if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") {
      self = term == "dumb" ? .none : .trueColor
    } else if let named = TerminalColorMode(terminalName: term) {
      self = named
    } else if !term.isEmpty, let colors = Terminfo.colors(of: term, environment: environment) {
      self = colors >= 256 ? .palette256 : .palette16
    } else {
      self = .palette16
    }
  }

  /// The mode a terminal type's name says, or `nil` when the name says nothing.
  ///
  /// Read as termenv and ratatui read it: `dumb` and a `-mono` suffix have no color; `-direct`
  /// (and `-direct256`, ...), `-truecolor` and `-24bit` have 24-bit color, as do the terminals
  /// whose type is their own name and which all show it (`xterm-kitty`, `xterm-ghostty`,
  /// `alacritty`, `wezterm`, `foot`, `contour`, `rio`); `-256color` has the 256-color palette;
  /// `-88color`, `-16color`, `-8color` and `-color` have the 16 colors (an 88-color palette has
  /// no 256-color codes). Only the parts after the first `-` are such suffixes: `monoterm` says
  /// nothing.
  ///
  /// ```swift
  /// TerminalColorMode(terminalName: "xterm-16color")  // .palette16
  /// TerminalColorMode(terminalName: "xterm-kitty")  // .trueColor
  /// TerminalColorMode(terminalName: "xterm")  // nil: its terminfo entry says
  /// ```
  ///
  /// - Parameter terminalName: The terminal type, as in `TERM`.
  public init?(terminalName: String) {
    let name = terminalName.lowercased()
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    let suffixes = parts.dropFirst()
    if name == "dumb" || suffixes.contains("mono") {
      self = .none
    } else if suffixes.contains(where: { $0.hasPrefix("direct") })
      || suffixes.contains("truecolor") || suffixes.contains("24bit")
      || Self.trueColorTerminals.contains(name)
      || parts.first.map({ Self.trueColorTerminals.contains(String($0)) }) == true
    {
      self = .trueColor
    } else if suffixes.contains("256color") {
      self = .palette256
    } else if suffixes.contains(where: { ["88color", "16color", "8color", "color"].contains($0) }) {
      self = .palette16
    } else {
      return nil
    }
  }

  /// Terminal types that are a terminal's own name and always mean 24-bit color (termenv's
  /// list, `xterm-kitty` and `xterm-ghostty` as kitty and Ghostty set `TERM`).
  private static let trueColorTerminals: Set<String> = [
    "xterm-kitty", "xterm-ghostty", "alacritty", "wezterm", "foot", "contour", "rio",
  ]
}
