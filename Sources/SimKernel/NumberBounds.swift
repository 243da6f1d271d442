/// The range every number read from outside (a scenario, a stored row, a control, a flag) is held to,
/// where it is read: a whole number within ±(2^53 − 1), the range a JSON reader keeps exactly (the
/// team server's clients are in any language), and a fraction that is finite and as bounded. Within
/// it, the simulator's arithmetic (a counter's next value, a time plus a duration) cannot overflow;
/// a field whose arithmetic needs less (a PIN length, a latency) has its own tighter bound beside it.
/// The generator states (`seed`, `counters.codes`, `counters.faults`) are UInt64 bit patterns, not
/// quantities, and take any value.
public enum NumberBounds {
    /// 2^53 − 1 (JavaScript's `Number.MAX_SAFE_INTEGER`).
    public static let maxWhole = 9_007_199_254_740_991
    public static let whole = -maxWhole...maxWhole

    /// Why `value` is outside the whole-number range, or nil.
    public static func wholeProblem(_ value: Int) -> String? {
        whole.contains(value) ? nil : "\(value) is out of range (a whole number is at most \(maxWhole) in size)"
    }

    /// Why `value` is not a finite number within the same range, or nil.
    public static func fractionProblem(_ value: Double) -> String? {
        if !value.isFinite { return "\(value) is not a finite number" }
        return abs(value) <= Double(maxWhole) ? nil : "\(value) is out of range (a number is at most \(maxWhole) in size)"
    }

    /// Why `value` is outside `range` ("must be between 0 and 9007199254740991"), or nil.
    public static func problem(_ value: Int, _ range: ClosedRange<Int>) -> String? {
        range.contains(value) ? nil : "must be between \(range.lowerBound) and \(range.upperBound), not \(value)"
    }

    /// A count or an id that only grows from zero: 0 … 2^53 − 1.
    public static let count = 0...maxWhole

    /// The largest counter a scenario may start from (10^15): 8 × 10^15 calls from `maxWhole`, more
    /// than a server answers in years, so that counting on never leaves `count`.
    public static let largestCounter = 1_000_000_000_000_000
}

extension NumberBounds {
    /// Why a decoded scalar is out of range, for the scenario decoders: an `Int` or a `Double`
    /// (UInt64 generator states are bit patterns; other types carry their own bounds).
    static func problem<T>(of value: T) -> String? {
        switch value {
        case let n as Int: wholeProblem(n)
        case let x as Double: fractionProblem(x)
        default: nil
        }
    }
}
