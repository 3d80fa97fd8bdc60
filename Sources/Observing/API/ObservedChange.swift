import Foundation

/// The kind of a change delivered to an observer.
///
/// These are the kinds of `NSKeyValueChange`: assigning a property is a `.setting`; mutating an
/// `@Observed` array through ``Observable/insert(_:at:into:)`` and its siblings is an insertion,
/// removal or replacement, with the indexes it touched; mutating an `@Observed` set through
/// ``Observable/formUnion(_:in:)`` and its siblings is one too, without indexes.
public enum ObservedChangeKind: Sendable, Hashable {
  /// The whole value was assigned.
  case setting
  /// Elements were inserted into an observed array at ``ObservedChange/indexes``, or into an
  /// observed set.
  case insertion
  /// Elements were removed from an observed array at ``ObservedChange/indexes``, or from an
  /// observed set.
  case removal
  /// Elements of an observed array at ``ObservedChange/indexes`` were replaced, or elements of
  /// an observed set were exchanged for others.
  case replacement
}

/// A change to an observed key path, as delivered to an observation handler.
///
/// Which values are present follows the options of the observation, as in Foundation KVO:
///
/// - `newValue` is set when the observer asked for `.new` (never in a prior notification);
/// - `oldValue` is set when the observer asked for `.old` (never in the `.initial` call);
/// - for a to-many change, `newValue` holds the inserted or replacing elements and `oldValue`
///   the removed or replaced ones, and `indexes` names their positions (for an array; a set's
///   elements have none).
public struct ObservedChange<Value> {
  /// The value after the change, when the observer asked for `.new`.
  @inlinable public var newValue: Value? { shownValues & 1 != 0 ? storedNewValue : nil }

  /// The value after the change as it was handed over, shown or not (see ``shownValues``).
  @usableFromInline let storedNewValue: Value?

  /// Which of the values handed over show: bit 0 the new one, bit 1 the old one (the raw
  /// values of ``ObservingOptions/new`` and ``ObservingOptions/old``).
  ///
  /// An assignment of a plain value (a number, a point) hands every observer both values and
  /// says here which it asked for, so that the delivery loop makes no choice per observer and
  /// per value. A value that needs retaining is copied only when asked for, and shows whole.
  @usableFromInline let shownValues: UInt8

  /// The value before the change, when the observer asked for `.old`.
  @inlinable public var oldValue: Value? { shownValues & 2 != 0 ? storedOldValue : nil }

  /// The value before the change as it was handed over, shown or not (see ``shownValues``).
  @usableFromInline let storedOldValue: Value?

  /// The kind, the indexes and the phase, packed so that the change of an assignment holds
  /// nothing to retain.
  ///
  /// The change must stay small enough for the compiler to copy it inline: past a size, IRGen
  /// copies and destroys a value through its type's value witnesses (a metadata lookup and an
  /// indirect call per copy), which every delivery of a `CGPoint` would then pay. The two
  /// values, one byte (``shownValues``) and this word fit; five separate fields did not.
  @usableFromInline let details: ObservedChangeDetails

  /// What kind of change this is.
  @inlinable
  public var kind: ObservedChangeKind {
    switch details {
    case .setting, .priorSetting: .setting
    case .described(let description): description.kind
    }
  }

  /// For insertions, removals and replacements in an array, the indexes that changed; `nil`
  /// for a set.
  @inlinable
  public var indexes: IndexSet? {
    switch details {
    case .setting, .priorSetting: nil
    case .described(let description): description.indexes
    }
  }

  /// Whether this notification comes before the change (see ``ObservingOptions/prior``).
  @inlinable
  public var isPrior: Bool {
    switch details {
    case .setting: false
    case .priorSetting: true
    case .described(let description): description.isPrior
    }
  }

  /// Creates a change description.
  ///
  /// Observers receive changes from the library; creating one is useful in tests and when
  /// forwarding changes.
  ///
  /// - Parameters:
  ///   - kind: The kind of change.
  ///   - newValue: The value after the change, if known.
  ///   - oldValue: The value before the change, if known.
  ///   - indexes: The indexes of a to-many change.
  ///   - isPrior: Whether the notification precedes the change.
  @inlinable
  public init(
    kind: ObservedChangeKind = .setting,
    newValue: Value? = nil,
    oldValue: Value? = nil,
    indexes: IndexSet? = nil,
    isPrior: Bool = false
  ) {
    storedNewValue = newValue
    storedOldValue = oldValue
    shownValues = 3
    if kind == .setting, indexes == nil {
      details = isPrior ? .priorSetting : .setting
    } else {
      details = .described(
        ObservedChangeDescription(kind: kind, indexes: indexes, isPrior: isPrior))
    }
  }

  /// The change of an assignment that hands over both values and shows those that `options`
  /// ask for (``ObservingOptions/new``, ``ObservingOptions/old``).
  @inlinable
  init(settingFrom oldValue: Value?, to newValue: Value?, showing options: ObservingOptions) {
    storedNewValue = newValue
    storedOldValue = oldValue
    shownValues = UInt8(truncatingIfNeeded: options.rawValue & 3)
    details = .setting
  }
}

/// An assignment's kind and phase, which need no storage, or any other change's.
@usableFromInline
enum ObservedChangeDetails: Sendable {
  case setting
  case priorSetting
  case described(ObservedChangeDescription)
}

/// The kind, indexes and phase of a change that is not a plain assignment's.
@usableFromInline
final class ObservedChangeDescription: Sendable {
  @usableFromInline let kind: ObservedChangeKind
  @usableFromInline let indexes: IndexSet?
  @usableFromInline let isPrior: Bool

  @usableFromInline
  init(kind: ObservedChangeKind, indexes: IndexSet?, isPrior: Bool) {
    self.kind = kind
    self.indexes = indexes
    self.isPrior = isPrior
  }
}

extension ObservedChange: Sendable where Value: Sendable {}

extension ObservedChange: Equatable where Value: Equatable {
  /// Whether two changes have the same kind, values, indexes and phase.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.newValue == rhs.newValue && lhs.oldValue == rhs.oldValue
      && lhs.indexes == rhs.indexes && lhs.isPrior == rhs.isPrior
  }
}

extension ObservedChange: CustomReflectable {
  /// The change's five properties, as `print` and `dump` show them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "kind": kind, "newValue": newValue as Any, "oldValue": oldValue as Any,
        "indexes": indexes as Any, "isPrior": isPrior,
      ],
      displayStyle: .struct)
  }
}
