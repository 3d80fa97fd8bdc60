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
/// The token holds the observed object weakly, so either can be released first; when the object
/// is deallocated, the observation ends and its handler is released, though you still hold the
/// token (``isValid`` is then `false`). Invalidating is idempotent, and an observation
/// invalidated while a change is being delivered (by its own handler or another) receives
/// nothing more. Invalidating releases the handler at once, so a handler that captures its own
/// token (or anything that holds it) does not keep itself alive.
public final class ObservationToken: @unchecked Sendable {
  /// The record of the observation, as a pointer, with ``isAutomatic`` in the low bit (the
  /// record is aligned, so the bit is free); the pointer part is zero once invalidated, and
  /// ``busy`` while ``isValid`` reads the record (or the core).
  ///
  /// One atomic word, so that invalidating from several threads ends the observation once, and
  /// never while ``isValid`` reads the record.
  ///
  /// A key-path observer's record is retained by the token. A direct observer's is not: its
  /// registry's slot owns it, so that it and its handler go when the registry does (the object
  /// died) though the token lives on; the token then only names it, to ``core``.
  private let state: Atomic<UInt>

  /// The core of the registry a direct observer is filed in; `nil` for a key-path observer (and
  /// for a direct one that found its registry gone).
  ///
  /// Not retained: the core keeps itself alive while tokens of direct observers name it, until
  /// each has ended its observation (`RegistryCore.State.directTokens`). So the token reads it
  /// only while it holds the record: to end the observation, or (the record busy) to ask
  /// whether it is still open.
  private unowned(unsafe) let core: RegistryCore?

  private static let automaticBit: UInt = 1

  /// The pointer part while ``isValid`` reads the record or the core: no record is at address 2
  /// (records are aligned to more than that), and the one reading puts the pointer back.
  private static let busy: UInt = 2

  /// Whether the observation follows stored `@Observed` properties by itself.
  ///
  /// `false` when the key path read no `@Observed` property when it was registered and its root
  /// declares no dependency for it (see ``Observable/keyPathsAffectingValue(for:)``): such an
  /// observation is notified only by ``Observable/willChangeValue(for:)`` and
  /// ``Observable/didChangeValue(for:)`` with an equal key path.
  public var isAutomatic: Bool {
    state.load(ordering: .relaxed) & Self.automaticBit != 0
  }

  /// The token of a key-path observer, which it retains.
  @usableFromInline
  init(box: ObserverBox) {
    let pointer = UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
    state = Atomic(pointer | (box.isAutomatic ? Self.automaticBit : 0))
    core = nil
  }

  /// The token of the direct observer at `address`, which `core` files and owns.
  init(filedDirect address: UnsafeMutableRawPointer, isAutomatic: Bool, in core: RegistryCore) {
    state = Atomic(UInt(bitPattern: address) | (isAutomatic ? Self.automaticBit : 0))
    self.core = core
  }

  /// The token of a direct observer filed in `core` (`nil` if its registry was gone).
  init(direct box: ValueObserverBase, filedIn core: RegistryCore?) {
    let pointer = core == nil ? 0 : UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque())
    // The box says, as a key-path observer's does (a direct observer always follows its
    // property), so that the bit has one source.
    state = Atomic(pointer | (box.isAutomatic ? Self.automaticBit : 0))
    self.core = core
  }

  deinit {
    invalidate()
  }

  /// Takes the record out of ``state``, leaving `replacement`.
  ///
  /// Keeps the automatic bit; returns the record's pointer, or `nil` if there is none. Waits
  /// while ``isValid`` holds it.
  private func takeRecord(leaving replacement: UInt) -> UnsafeMutableRawPointer? {
    var word = state.load(ordering: .acquiring)
    while true {
      let pointer = word & ~Self.automaticBit
      if pointer == 0 { return nil }
      if pointer == Self.busy {
        word = state.load(ordering: .acquiring)
        continue
      }
      let (exchanged, original) = state.compareExchange(
        expected: word, desired: replacement | (word & Self.automaticBit),
        ordering: .acquiringAndReleasing)
      if exchanged { return UnsafeMutableRawPointer(bitPattern: pointer) }
      word = original
    }
  }

  /// Whether the observation is still registered: neither invalidated nor ended by the observed
  /// object's deallocation.
  public var isValid: Bool {
    guard let raw = takeRecord(leaving: Self.busy) else { return false }
    // Sound: while `state` is busy no `invalidate()` can take the record, so a direct
    // observer's token has not been counted out of its core, which is alive; a key-path
    // observer's record is retained by this token. The pointer goes back before anyone else
    // can take it.
    let isActive =
      if let core { core.isOpen } else {
        Unmanaged<ObserverBox>.fromOpaque(raw).takeUnretainedValue().isActive
      }
    let automatic = state.load(ordering: .relaxed) & Self.automaticBit
    state.store(UInt(bitPattern: raw) | automatic, ordering: .releasing)
    return isActive
  }

  /// Ends the observation: its handler is not called again, and is released.
  ///
  /// Safe to call more than once, from any thread, and from within any handler, its own
  /// included.
  public func invalidate() {
    guard let raw = takeRecord(leaving: 0) else { return }
    if let core {
      core.remove(direct: raw)
      return
    }
    let box = Unmanaged<ObserverBox>.fromOpaque(raw)
    box.takeUnretainedValue().invalidate()
    box.release()
  }
}
