/// A registry's slots, in one growable buffer that is changed in place.
///
/// An array would do, but each change to a slot of an array first makes sure the array's
/// buffer is not shared (a call into the runtime), and a registry's slots never are: they are
/// reached only through ``RegistryCore/State``, under the registry's lock, and that state is
/// never copied. So the list does not copy on write: a copy of it is the same list, and a slot
/// is read and changed where it lies, with no uniqueness check per change.
///
/// The buffer is a `ManagedBuffer` reached through its pointers, which the compiler does not
/// check for overlapping accesses at run time (stored properties of a class it does, when
/// another module inlines the reads, as every `@Observed` setter does). Indices are checked, as
/// an array's are.
@usableFromInline
struct SlotList: RandomAccessCollection, MutableCollection {
  /// The buffer: how many slots it holds (its header) and the slots.
  @usableFromInline
  final class Buffer: ManagedBuffer<Int, Slot> {
    deinit {
      _ = withUnsafeMutablePointers { count, slots in slots.deinitialize(count: count.pointee) }
    }
  }

  @usableFromInline var buffer: Buffer

  /// The buffer of every empty list, shared so that a registry with no observers (every
  /// observable object starts as one) allocates nothing for its slots; the first slot appended
  /// moves the list to a buffer of its own.
  ///
  /// Sound to share across threads: nothing is ever written to it (``append(_:)`` never adds to
  /// it, and its header, the count, stays 0).
  private nonisolated(unsafe) static let empty = makeBuffer(minimumCapacity: 0)

  /// An empty list.
  init() {
    buffer = Self.empty
  }

  private static func makeBuffer(minimumCapacity: Int) -> Buffer {
    // Sound: `Buffer` adds no stored property to `ManagedBuffer`, so the object `create`
    // makes is one.
    unsafeDowncast(
      Buffer.create(minimumCapacity: minimumCapacity) { _ in 0 }, to: Buffer.self)
  }

  @inlinable var startIndex: Int { 0 }

  @inlinable var endIndex: Int {
    buffer.withUnsafeMutablePointerToHeader { $0.pointee }
  }

  /// The slot at `index`, read or changed in place.
  @inlinable
  subscript(index: Int) -> Slot {
    unsafeAddress {
      precondition(index >= 0 && index < endIndex, "slot index out of range")
      return UnsafePointer(buffer.withUnsafeMutablePointerToElements { $0 + index })
    }
    nonmutating unsafeMutableAddress {
      precondition(index >= 0 && index < endIndex, "slot index out of range")
      return buffer.withUnsafeMutablePointerToElements { $0 + index }
    }
  }

  /// Adds `slot` after the others, moving them to a buffer twice as large when this one is
  /// full.
  mutating func append(_ slot: Slot) {
    let count = endIndex
    if count == buffer.capacity || buffer === Self.empty {
      let grown = Self.makeBuffer(minimumCapacity: Swift.max(4, count * 2))
      // An empty list (the shared buffer's, say) has nothing to move and nothing to write:
      // other registries read the shared buffer's count on other threads.
      if count > 0 {
        buffer.withUnsafeMutablePointers { oldCount, old in
          grown.withUnsafeMutablePointerToElements { $0.moveInitialize(from: old, count: count) }
          oldCount.pointee = 0
        }
        grown.withUnsafeMutablePointerToHeader { $0.pointee = count }
      }
      buffer = grown
    }
    buffer.withUnsafeMutablePointers { count, slots in
      (slots + count.pointee).initialize(to: slot)
      count.pointee += 1
    }
  }
}
