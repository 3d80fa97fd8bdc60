// The components' hooks take `ObservedChange`s, and views and scroll models are observed with
// `observe(_:options:changeHandler:)`: importing Refresh brings Observing with it.
@_exported import Observing

// Frames, offsets, sizes and durations are Foundation's geometry types, as in UIKit, and
// `import Refresh` brings them as `import UIKit` does: exactly these, not the rest of
// Foundation (Linux declares them in Foundation, Darwin in CoreGraphics, which Foundation
// re-exports; a scoped import finds them through either).
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize
@_exported import typealias Foundation.TimeInterval
