/// A weak reference, for closures that must not keep views alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
