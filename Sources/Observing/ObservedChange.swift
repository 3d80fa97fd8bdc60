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
  /// What kind of change this is.
  public let kind: ObservedChangeKind

  /// The value after the change, when the observer asked for `.new`.
  public let newValue: Value?

  /// The value before the change, when the observer asked for `.old`.
  public let oldValue: Value?

  /// For insertions, removals and replacements in an array, the indexes that changed; `nil`
  /// for a set.
  public let indexes: IndexSet?

  /// Whether this notification comes before the change (see ``ObservingOptions/prior``).
  public let isPrior: Bool

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
  public init(
    kind: ObservedChangeKind = .setting,
    newValue: Value? = nil,
    oldValue: Value? = nil,
    indexes: IndexSet? = nil,
    isPrior: Bool = false
  ) {
    self.kind = kind
    self.newValue = newValue
    self.oldValue = oldValue
    self.indexes = indexes
    self.isPrior = isPrior
  }
}

extension ObservedChange: Sendable where Value: Sendable {}
extension ObservedChange: Equatable where Value: Equatable {}
