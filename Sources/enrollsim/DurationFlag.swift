import ArgumentParser
import SimKernel

/// A duration given on the command line: `24h`, `90m`, `30s`, `250ms`, or plain seconds; checked
/// against its flag's range once scaled, so neither `1e300h` (no Int64 holds it) nor `0.0001ms` (zero
/// once rounded) gets through, and the refusal names the flag and the range it accepts.
struct DurationFlag: Sendable {
    let flag: String
    /// In milliseconds.
    let least: Int64
    let most: Int64

    static let sessionIdle = DurationFlag(flag: "--session-idle", least: 1_000, most: 366 * 86_400_000)
    static let idleTimeout = DurationFlag(flag: "--idle-timeout", least: 100, most: 86_400_000)
    static let requestTimeout = DurationFlag(flag: "--request-timeout", least: 100, most: 3_600_000)

    private static let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("h", 3_600_000), ("m", 60_000), ("s", 1_000)]

    func parse(_ text: String) throws(ValidationError) -> Duration {
        let unit = Self.units.first { text.hasSuffix($0.suffix) }
        let number = unit.map { String(text.dropLast($0.suffix.count)) } ?? text
        guard let value = Double(number), value.isFinite else {
            throw ValidationError("\(flag) must be a duration such as 24h, 90m or 30s, not \"\(text.escapingControlCharacters)\"")
        }
        // Compared as a Double: a value beyond Int64 is refused before any conversion.
        let milliseconds = (value * (unit?.milliseconds ?? 1_000)).rounded()
        guard milliseconds >= Double(least), milliseconds <= Double(most) else {
            throw ValidationError("\(flag) must be between \(Self.render(least)) and \(Self.render(most)), not \"\(text.escapingControlCharacters)\"")
        }
        return .milliseconds(Int64(milliseconds))
    }

    /// The shortest exact way to write a bound: `100ms`, `1s`, `24h`.
    static func render(_ milliseconds: Int64) -> String {
        if milliseconds % 3_600_000 == 0 { return "\(milliseconds / 3_600_000)h" }
        if milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000)s" }
        return "\(milliseconds)ms"
    }
}
