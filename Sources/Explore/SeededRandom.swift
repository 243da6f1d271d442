/// SplitMix64: the explorer's only source of chance, so a seed gives the same keys every run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
    /// An index drawn with these weights (all positive).
    mutating func weighted(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var x = Double(next() >> 11) / Double(1 << 53) * total
        for (i, w) in weights.enumerated() {
            x -= w
            if x < 0 { return i }
        }
        return weights.count - 1
    }
    mutating func pick<T>(_ list: [T]) -> T { list[Int(next() % UInt64(list.count))] }
}
