/// The values and moments a key-path observation asks to be told about.
///
/// The first four options mean what their `NSKeyValueObservingOptions` namesakes mean:
///
/// ```swift
/// let token = person.observe(\.name, options: [.old, .new]) { person, change in
///   print(change.oldValue!, "->", change.newValue!)
/// }
/// ```
public struct ObservingOptions: OptionSet, Sendable, Hashable {
  /// The raw bit mask.
  public let rawValue: UInt

  /// Creates options from a raw bit mask.
  ///
  /// - Parameter rawValue: The bit mask; unknown bits are kept and ignored.
  @inlinable
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Include the value after the change in `ObservedChange.newValue`.
  @inlinable public static var new: ObservingOptions { ObservingOptions(rawValue: 1 << 0) }

  /// Include the value before the change in `ObservedChange.oldValue`.
  @inlinable public static var old: ObservingOptions { ObservingOptions(rawValue: 1 << 1) }

  /// Call the handler once while registering, before `observe` returns.
  ///
  /// The initial change has the kind `.setting`, carries the current value as `newValue` when
  /// `.new` is also given, and never has an old value.
  @inlinable public static var initial: ObservingOptions { ObservingOptions(rawValue: 1 << 2) }

  /// Also call the handler before each change, with `isPrior` set.
  ///
  /// A prior notification never carries `newValue`; it carries `oldValue` when `.old` is also
  /// given, and the kind and indexes of the change that is about to happen.
  @inlinable public static var prior: ObservingOptions { ObservingOptions(rawValue: 1 << 3) }

  /// Skip changes that set an `Equatable` value to a value equal to the current one.
  ///
  /// Foundation KVO reports every assignment, even of an equal value, and so does this library
  /// unless an observer asks otherwise. The option has no effect on values that are not
  /// `Equatable`, and none on to-many changes (insertions, removals and replacements).
  @inlinable public static var skipsEqualValues: ObservingOptions {
    ObservingOptions(rawValue: 1 << 4)
  }
}
