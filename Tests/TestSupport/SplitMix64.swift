/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, deterministic generator for the
/// seeded random tests.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let step = random.next() % 4
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator; the same seed gives the same sequence.
  ///
  /// - Parameter seed: The seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence.
  ///
  /// - Returns: 64 pseudo-random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
