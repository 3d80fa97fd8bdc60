import Foundation

/// How many colors a terminal shows, and so how ``TerminalFrameBuffer`` writes them.
///
/// ``init(environment:)`` reads it the way terminal programs agree on: `NO_COLOR`
/// (<https://no-color.org>) turns colors off, `COLORTERM` announces 24-bit color, and `TERM`'s
/// terminfo entry says how many colors the terminal has.
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
  /// 2. `COLORTERM` is `truecolor` or `24bit`, or `TERM` ends in `-direct`: ``trueColor``.
  /// 3. `TERM` names 256 colors (`xterm-256color`, `tmux-256color`): ``palette256``.
  /// 4. `TERM`'s terminfo entry (found as `ncurses` finds it: `TERMINFO`, `~/.terminfo`,
  ///    `TERMINFO_DIRS`, `/etc/terminfo`, `/lib/terminfo`, `/usr/share/terminfo`) gives its
  ///    `colors`: 256 or more is ``palette256``, fewer (`xterm`, `screen`, `linux` have 8) is
  ///    ``palette16``.
  /// 5. Otherwise (no `TERM`, or no entry for it): ``palette256``, what terminals show today.
  ///
  /// ```swift
  /// TerminalColorMode(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
  /// // .trueColor
  /// TerminalColorMode(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])  // .none
  /// ```
  ///
  /// - Parameter environment: The variables, such as `ProcessInfo.processInfo.environment`.
  public init(environment: [String: String]) {
    let term = environment["TERM"] ?? ""
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      self = .none
    } else if term == "dumb" {
      self = .none
    } else if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
      || term.hasSuffix("-direct")
    {
      self = .trueColor
    } else if term.contains("256color") {
      self = .palette256
    } else if !term.isEmpty, let colors = Terminfo.colors(of: term, environment: environment) {
      self = colors >= 256 ? .palette256 : .palette16
    } else {
      self = .palette256
    }
  }
}
