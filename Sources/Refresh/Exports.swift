// The components' hooks take `ObservedChange`s, and views and scroll models are observed with
// `observe(_:options:changeHandler:)`: importing Refresh brings Observing with it.
@_exported import Observing
