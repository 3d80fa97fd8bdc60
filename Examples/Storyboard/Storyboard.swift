import Foundation
import Refresh

/// A named script rendered to one filmstrip: how to dress the stage, then what happens on it.
///
/// A storyboard is a short list of steps played against a ``StoryScene``'s manual clock, which
/// is sampled into a frame every interval:
///
/// ```swift
/// let pull = Storyboard(
///   name: "pull", summary: "A header pulled and released",
///   setup: { scene in
///     scene.installFeed(title: "Feed", rowCount: 20)
///     scene.scroll.header = RefreshNormalHeader()
///   },
///   steps: [
///     .touch(at: CGPoint(x: 187, y: 200)),
///     .drag(to: CGPoint(x: 187, y: 480), over: 0.3),
///     .release(),
///     .wait(0.5),
///     .call { scene in scene.scroll.header?.endRefreshing() },
///     .wait(0.5),
///   ])
/// ```
///
/// Every run builds a new scene, so a storyboard renders the same frames each time.
struct Storyboard: Sendable {
  /// The name `--story` selects it by, and its file's name (`<name>.svg`).
  let name: String

  /// One line for `--list` and the strip's title.
  let summary: String

  /// Dresses a new, empty stage: content, insets, components, other views.
  let setup: @MainActor @Sendable (StoryScene) -> Void

  /// What happens, in order.
  let steps: [StoryStep]

  /// Creates a storyboard.
  ///
  /// - Parameters:
  ///   - name: The name: lowercase letters, digits and `-`, as it names a file.
  ///   - summary: One line describing it.
  ///   - setup: Dresses the stage.
  ///   - steps: The script.
  init(
    name: String, summary: String, setup: @escaping @MainActor @Sendable (StoryScene) -> Void,
    steps: [StoryStep]
  ) {
    precondition(
      Self.isValidName(name),
      "A storyboard's name names its file: lowercase letters, digits and '-', not '\(name)'")
    self.name = name
    self.summary = summary
    self.setup = setup
    self.steps = steps
  }

  /// Whether a name can name a file anywhere: lowercase ASCII letters, digits and `-`.
  ///
  /// - Parameter name: A storyboard's name.
  /// - Returns: Whether it is made of those characters only, and not empty.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      }
  }

  /// The storyboards this executable ships, in the order they are rendered.
  static let builtIn: [Storyboard] = [
    .header, .backFooter, .autoFooter, .trailer, .retry, .secondFloor, .pager,
  ]
}

/// One step of a storyboard.
///
/// Points are in window coordinates. Steps that take time (``drag(to:over:)``,
/// ``move(to:over:)``, ``wait(_:)``, ``skip(_:)``) advance the clock at 60 frames per second
/// and a frame is recorded at every multiple of the interval they cross; the others happen at
/// once, between two clock frames.
enum StoryStep: Sendable {
  /// A finger touches the content: the scroll model's pan begins.
  case touch(at: CGPoint)

  /// The finger moves in a straight line to a point, at an even speed, over a duration in
  /// seconds; past an edge the content follows rubber-banded. Time passes without movement when
  /// no finger is down.
  case drag(to: CGPoint, over: TimeInterval)

  /// The finger lifts with a velocity in points per second (positive downward, as a pan
  /// recognizer reports it: an upward fling is negative), and the content moves on by itself.
  case release(velocity: CGPoint = .zero)

  /// A tap at a point (an automatic footer's title loads when tapped, say).
  case tap(at: CGPoint)

  /// A finger goes down at a point through the window's touch routing
  /// (`Window.touchBegan(at:)`), over whatever scroll models are there.
  ///
  /// Unlike ``touch(at:)``, which drags ``StoryScene/scroll`` directly, the window decides, as
  /// the app would: over nested scroll models, nothing moves until the finger has gone the
  /// window's touch slop, and then the innermost one that scrolls along the axis it moved
  /// farther along takes the drag. Follow it with ``move(to:over:)`` and ``lift``.
  case press(at: CGPoint)

  /// The pressed finger moves in a straight line to a point, at an even speed, over a duration
  /// in seconds (`Window.touchMoved(to:)` every 1/60 s).
  ///
  /// Time passes without movement when no finger is pressed.
  case move(to: CGPoint, over: TimeInterval)

  /// The pressed finger lifts where it is (`Window.touchEnded(at:)`): the scroll model it
  /// dragged goes on with the finger's recent velocity, as measured by the window.
  ///
  /// Nothing happens when no finger is pressed.
  case lift

  /// Time passes, in seconds, with frames recorded as usual.
  case wait(TimeInterval)

  /// Time passes, in seconds, off camera: no frames are recorded, and recording resumes at the
  /// next multiple of the interval (a long load, say).
  case skip(TimeInterval)

  /// Arbitrary work at this moment: ending a refresh, adding content.
  case call(@MainActor @Sendable (StoryScene) -> Void)
}

/// The storyboards the command knows, by name, in the order they are rendered.
///
/// The built-in ones come first; add your own with ``register(_:)``, in ``standard`` for the
/// command to render them:
///
/// ```swift
/// var catalog = StoryboardCatalog.builtIn
/// catalog.register(.starHeader)
/// ```
struct StoryboardCatalog: Sendable {
  /// The storyboards, in order.
  private(set) var storyboards: [Storyboard]

  /// Creates a catalog.
  ///
  /// - Parameter storyboards: The storyboards, in order; a later one replaces an earlier one of
  ///   the same name.
  init(_ storyboards: [Storyboard] = []) {
    self.storyboards = []
    for storyboard in storyboards { register(storyboard) }
  }

  /// The storyboards this executable ships.
  static let builtIn = StoryboardCatalog(Storyboard.builtIn)

  /// What `refresh-storyboard` renders: the built-in storyboards and those registered here.
  static var standard: StoryboardCatalog {
    var catalog = builtIn
    // The gallery's controls, from the seed documents. Register more storyboards here.
    for storyboard in Storyboard.gallery { catalog.register(storyboard) }
    return catalog
  }

  /// Adds a storyboard at the end, or replaces the one with the same name in its place.
  ///
  /// - Parameter storyboard: The storyboard.
  mutating func register(_ storyboard: Storyboard) {
    if let index = storyboards.firstIndex(where: { $0.name == storyboard.name }) {
      storyboards[index] = storyboard
    } else {
      storyboards.append(storyboard)
    }
  }

  /// The names, in order.
  var names: [String] { storyboards.map(\.name) }

  /// The storyboard with a name.
  ///
  /// - Parameter name: The name.
  /// - Returns: The storyboard, or `nil` when none has that name.
  func storyboard(named name: String) -> Storyboard? {
    storyboards.first { $0.name == name }
  }
}
