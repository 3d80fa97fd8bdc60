import Synchronization

/// An observation in progress; it ends when you call ``invalidate()`` or release the token.
///
/// Keep the token as long as you want to be notified, as with KVO's `NSKeyValueObservation`:
///
/// ```swift
/// final class Badge {
///   private var token: ObservationToken?
///   init(person: Person) {
///     token = person.observe(\.name, options: [.new]) { _, change in
///       print("now", change.newValue!)
///     }
///   }
/// }
/// ```
///
/// The token holds the observed object weakly, so either can be released first. Invalidating
/// is idempotent, and an observation invalidated while a change is being delivered (by its own
/// handler or another) receives nothing more. Invalidating releases the handler at once, so a
/// handler that captures its own token (or anything that holds it) does not keep itself alive.
public final class ObservationToken: @unchecked Sendable {
  /// The retained record of the observation, as a pointer, with ``isAutomatic`` in the low bit (the
  /// record is aligned, so the bit is free); the pointer part is zero once invalidated.
  ///
  /// One atomic word, so that invalidating from several threads releases the record once.
  private let state: Atomic<UInt>

  private static let automaticBit: UInt = 1

  /// Whether the observation follows stored `@Observed` properties by itself.
  ///
  /// `false` when the key path read no `@Observed` property when it was registered and its root
  /// declares no dependency for it (see ``Observable/keyPathsAffectingValue(for:)``): such an
  /// observation is notified only by ``Observable/willChangeValue(for:)`` and
  /// ``Observable/didChangeValue(for:)`` with an equal key path.
  public var isAutomatic: Bool {
    state.load(ordering: .relaxed) & Self.automaticBit != 0
  }

  @usableFromInline
  init(box: ObserverBox) {
    let pointer = UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
    state = Atomic(pointer | (box.isAutomatic ? Self.automaticBit : 0))
  }

  deinit {
    invalidate()
  }

  /// Whether the observation is still registered.
  public var isValid: Bool {
    state.load(ordering: .acquiring) & ~Self.automaticBit != 0
  }

  /// Ends the observation: its handler is not called again, and is released.
  ///
  /// Safe to call more than once, from any thread, and from within any handler, its own
  /// included.
  public func invalidate() {
    let previous = state.bitwiseAnd(Self.automaticBit, ordering: .acquiringAndReleasing).oldValue
    let pointer = previous & ~Self.automaticBit
    guard pointer != 0, let raw = UnsafeMutableRawPointer(bitPattern: pointer) else { return }
    let box = Unmanaged<ObserverBox>.fromOpaque(raw)
    box.takeUnretainedValue().invalidate()
    box.release()
  }
}
