import _ObservingShims

/// A slot's observers in registration order (`nil` for a removed one), in memory whose address a
/// walk may keep after the registry's lock is released.
///
/// An array would hold the same elements, but the language promises the address of an array's
/// elements only inside `withUnsafeBufferPointer`'s closure, and a walk (see `RegistryCore`)
/// reads them after that closure has returned. So the elements live in memory that
/// ``Storage`` allocates when it is made and frees when it is deinitialized: its
/// ``Storage/elements`` pointer is valid for as long as the storage object lives, which is
/// what the language guarantees for allocated memory. Whoever keeps the storage alive, and
/// unchanged, may read through that pointer.
///
/// Copied on write, as an array is: a snapshot, or the registry's retired entries, share the
/// storage, and the slot's next change then copies it, so what they hold never changes.
@usableFromInline
struct ObserverEntries: RandomAccessCollection {
  /// The elements' memory and how much of it is initialized.
  @usableFromInline
  final class Storage {
    /// The first element, with `capacity` allocated and `count` initialized; never changes.
    @usableFromInline let elements: UnsafeMutablePointer<ObserverBox?>
    /// How many elements are initialized.
    @usableFromInline @exclusivity(unchecked) fileprivate(set) var count = 0
    /// How many elements fit.
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      elements = .allocate(capacity: capacity)
    }

    deinit {
      elements.deinitialize(count: count)
      elements.deallocate()
    }
  }

  @usableFromInline private(set) var storage: Storage

  /// The storage of every empty list; nothing writes to it (its capacity is 0, so the first
  /// append moves the list to storage of its own), so it is shared across threads soundly.
  private nonisolated(unsafe) static let empty = Storage(capacity: 0)

  /// An empty list; it allocates nothing.
  init() {
    storage = Self.empty
  }

  /// An empty list with room for `capacity` observers.
  init(capacity: Int) {
    storage = Storage(capacity: capacity)
  }

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { storage.count }

  /// The observer at `position`, or `nil` if it was removed.
  @inlinable
  subscript(position: Int) -> ObserverBox? {
    precondition(position >= 0 && position < storage.count, "entry index out of range")
    return storage.elements[position]
  }

  /// The elements' address, valid while the storage is alive (see the type's description).
  @inlinable var baseAddress: UnsafePointer<ObserverBox?> { UnsafePointer(storage.elements) }

  /// Calls `body` with the elements, keeping them alive and unchanged meanwhile.
  ///
  /// A walk outside the registry's lock reads the elements here. Once it lets go of the
  /// storage, the slot may find the storage its own again and change it in place; the
  /// reference count orders the two, and `handBack()` says so to the thread sanitizer.
  @inlinable
  func withElements<Result>(_ body: (UnsafeBufferPointer<ObserverBox?>) -> Result) -> Result {
    withExtendedLifetime(storage) {
      let result = body(UnsafeBufferPointer(start: storage.elements, count: storage.count))
      handBack()
      return result
    }
  }

  /// Tells the thread sanitizer, when it runs, that this thread is done reading the storage.
  ///
  /// Its reads then come before the change that `makeUnique(minimumCapacity:)` makes once it
  /// finds the storage unique. Without the sanitizer this is a load and a branch.
  @inlinable
  func handBack() {
    if _observing_thread_sanitizer != 0 {
      _observing_sanitizer_release(UnsafeRawPointer(Unmanaged.passUnretained(storage).toOpaque()))
    }
  }

  /// Adds `box` after the others.
  mutating func append(_ box: ObserverBox?) {
    makeUnique(minimumCapacity: storage.count + 1)
    // Sound: `makeUnique` left room for one more, and element `count` is not initialized.
    (storage.elements + storage.count).initialize(to: box)
    storage.count += 1
  }

  /// Adds `other`'s observers after these.
  mutating func append(contentsOf other: ObserverEntries) {
    makeUnique(minimumCapacity: storage.count + other.count)
    for box in other { append(box) }
  }

  /// Removes the observer at `position`, leaving `nil` there.
  mutating func clear(at position: Int) {
    precondition(position >= 0 && position < storage.count, "entry index out of range")
    makeUnique(minimumCapacity: storage.count)
    storage.elements[position] = nil
  }

  /// Makes the storage this list's alone, with room for `minimumCapacity` elements.
  ///
  /// Shared storage (a snapshot's, the retired entries') is never written: it is copied.
  private mutating func makeUnique(minimumCapacity: Int) {
    let isUnique = isKnownUniquelyReferenced(&storage)
    if isUnique, _observing_thread_sanitizer != 0 {
      // The readers that held the storage before have let go (see `withElements`).
      _observing_sanitizer_acquire(UnsafeRawPointer(Unmanaged.passUnretained(storage).toOpaque()))
    }
    if isUnique, storage.capacity >= minimumCapacity { return }
    let grown = Storage(
      capacity: Swift.max(
        minimumCapacity,
        storage.capacity >= minimumCapacity ? storage.capacity : 2 * storage.capacity, 2))
    if isUnique {
      // Sound: the old storage's `count` elements are initialized and this list alone holds
      // it; they move to the new one, and the old one, left with none, frees only its memory.
      grown.elements.moveInitialize(from: storage.elements, count: storage.count)
      grown.count = storage.count
      storage.count = 0
    } else {
      // Sound: the shared storage's `count` elements are initialized; copying them leaves
      // both initialized (each reference retained once more), and the storage's other holders
      // keep theirs unchanged.
      grown.elements.initialize(from: storage.elements, count: storage.count)
      grown.count = storage.count
    }
    storage = grown
  }
}
