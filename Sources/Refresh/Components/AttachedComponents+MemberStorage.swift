/// The components attached to one scroll model, in the order they attached, stored so that
/// handing a change on to them retains and releases nothing.
///
/// The components sit in slots of a buffer this storage owns (each slot holds its component
/// strongly). A walk (``beginWalk()``, then ``member(at:of:)`` for each position, then
/// ``endWalk()``) reads the slots in place. While any walk is under way, nothing a walk reads
/// moves or goes away:
///
/// - a component that leaves has its slot cleared (`nil`), so that the walks skip it, and is
///   held in ``departed`` until the last walk ends: it may be the very component whose hook is
///   running;
/// - a component that attaches waits in ``arrivals`` and takes its slot when the last walk
///   ends: the buffer is never reallocated under a walk, and an arrival is told from the next
///   change on.
///
/// When the last walk ends, the cleared slots are closed up, the arrivals take their slots and
/// the departed are released. Outside walks every change is made at once.
///
/// Noncopyable: its deinitialization frees the buffer, so there must be one owner.
struct MemberStorage: ~Copyable {
  /// The slots: `count` of them initialized, `capacity` allocated.
  private var slots: UnsafeMutablePointer<RefreshComponent?>
  private var capacity: Int
  /// The slots in use, cleared ones included.
  private var count = 0
  /// How many slots hold a component, plus the arrivals: the components attached.
  private(set) var attachedCount = 0
  /// How many walks are under way (walks nest: a hook may change the offset again).
  private var walkDepth = 0
  /// Components that left during a walk, held until the last walk ends.
  private var departed: [RefreshComponent] = []
  /// Components that attached during a walk, in order, waiting for their slots.
  private var arrivals: [RefreshComponent] = []
  /// Whether a slot was cleared during a walk, to close up when the last walk ends.
  private var hasClearedSlots = false
  /// Whether the last walk to end has anything to settle: cleared slots or arrivals.
  private var needsSettling = false

  /// A walk in progress: the slots it reads (the buffer and the count when it began).
  struct Walk {
    fileprivate let slots: UnsafeMutablePointer<RefreshComponent?>
    /// The positions to read: the components attached when the walk began.
    let count: Int
  }

  init() {
    capacity = 4
    slots = .allocate(capacity: capacity)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  /// Whether `component` is attached (in a slot or waiting for one).
  func contains(_ component: RefreshComponent) -> Bool {
    position(of: component) != nil || arrivals.contains { $0 === component }
  }

  /// Attaches `component` after the others.
  mutating func append(_ component: RefreshComponent) {
    attachedCount += 1
    guard walkDepth == 0 else {
      arrivals.append(component)
      needsSettling = true
      return
    }
    place(component)
  }

  /// Detaches `component`; returns whether it was attached.
  mutating func remove(_ component: RefreshComponent) -> Bool {
    if let index = arrivals.firstIndex(where: { $0 === component }) {
      arrivals.remove(at: index)
      attachedCount -= 1
      return true
    }
    guard let position = position(of: component) else { return false }
    attachedCount -= 1
    guard walkDepth == 0 else {
      // The walks skip the cleared slot; the component lives until the last walk is over.
      departed.append(component)
      slots[position] = nil
      hasClearedSlots = true
      needsSettling = true
      return true
    }
    // Sound: `position < count`, so slots `position..<count` are initialized; the one at
    // `position` is moved out and the rest move down one, leaving `count - 1` initialized.
    let removed = (slots + position).move()
    (slots + position).moveInitialize(from: slots + position + 1, count: count - position - 1)
    count -= 1
    // Released once the storage is consistent again.
    withExtendedLifetime(removed) {}
    return true
  }

  /// Begins a walk over the components attached now.
  @inline(__always)
  mutating func beginWalk() -> Walk {
    walkDepth += 1
    return Walk(slots: slots, count: count)
  }

  /// The component at `position` of `walk`, or `nil` if it has left since the walk began.
  ///
  /// Unretained: the caller uses it before the walk ends, and while any walk is under way its
  /// slot keeps it alive, or ``departed`` does once it has left.
  @inline(__always)
  func member(at position: Int, of walk: Walk) -> Unmanaged<RefreshComponent>? {
    // Sound: `walk.slots` is this storage's buffer, which is neither reallocated nor freed
    // while a walk is under way (arrivals wait, closing up waits), and `position < walk.count
    // <= count`, so the slot is initialized. A `RefreshComponent?` is one nullable object
    // pointer (checked below), so it reads as an `UnsafeRawPointer?` without a retain.
    precondition(
      MemoryLayout<RefreshComponent?>.size == MemoryLayout<UnsafeRawPointer?>.size,
      "a component reference is not one pointer")
    let raw = UnsafeRawPointer(walk.slots + position).load(as: UnsafeRawPointer?.self)
    return raw.map { Unmanaged<RefreshComponent>.fromOpaque($0) }
  }

  /// Ends a walk; the last one to end closes up the cleared slots, places the arrivals and
  /// releases the departed.
  @inline(__always)
  mutating func endWalk() {
    walkDepth -= 1
    if walkDepth == 0, needsSettling { settle() }
  }

  /// Closes up the cleared slots, places the arrivals and releases the departed, once the last
  /// walk has ended.
  @inline(never)
  private mutating func settle() {
    needsSettling = false
    if hasClearedSlots {
      hasClearedSlots = false
      var kept = 0
      for position in 0..<count {
        // Sound: slots `0..<count` are initialized; each is moved once, down to `kept`, or
        // dropped (a cleared slot holds nothing to release).
        let component = (slots + position).move()
        if let component {
          (slots + kept).initialize(to: component)
          kept += 1
        }
      }
      count = kept
    }
    let waiting = arrivals
    arrivals = []
    for component in waiting { place(component) }
    // Released last: a component's deinitialization may attach or detach others.
    let released = departed
    departed = []
    withExtendedLifetime(released) {}
  }

  /// Puts `component` in a new slot at the end, growing the buffer if needed; outside walks
  /// only.
  private mutating func place(_ component: RefreshComponent) {
    if count == capacity {
      let grown = UnsafeMutablePointer<RefreshComponent?>.allocate(capacity: capacity * 2)
      // Sound: no walk reads the old buffer (none is under way); its `count` initialized
      // slots move to the new one, which the old one no longer holds when it is freed.
      grown.moveInitialize(from: slots, count: count)
      slots.deallocate()
      slots = grown
      capacity *= 2
    }
    (slots + count).initialize(to: component)
    count += 1
  }

  /// The slot holding `component`, if one does.
  private func position(of component: RefreshComponent) -> Int? {
    for position in 0..<count where slots[position] === component { return position }
    return nil
  }

  /// Calls `body` with every attached component, arrivals included; for invariant checks.
  func forEachAttachedForChecking(_ body: (RefreshComponent) -> Void) {
    for position in 0..<count { if let component = slots[position] { body(component) } }
    for component in arrivals { body(component) }
  }

  /// Checks the counts against the slots; traps when one is off.
  func checkInvariants() {
    var filled = 0
    for position in 0..<count where slots[position] != nil { filled += 1 }
    precondition(count <= capacity, "\(count) slots used of \(capacity)")
    precondition(
      filled + arrivals.count == attachedCount,
      "\(attachedCount) components counted, \(filled) in slots and \(arrivals.count) waiting")
    precondition(
      walkDepth > 0 || (departed.isEmpty && arrivals.isEmpty && !hasClearedSlots && !needsSettling),
      "no walk is under way, yet components wait to arrive or to be released")
  }
}
