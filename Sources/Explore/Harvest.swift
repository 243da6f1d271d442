import SimKernel

/// The values the world showed the user that a field may want back: digits (SMS codes, activation
/// codes, Futurae shortcodes), binding tokens (8 of A–Z and 2–9), VINs (17 letters and digits).
/// Read from every answer, control answer and event, newest first, a few of each kind.
public struct Harvest: Sendable, Hashable {
    public private(set) var digits: [String] = []
    public private(set) var tokens: [String] = []
    public private(set) var vins: [String] = []
    static let keep = 6

    public init() {}

    public mutating func take(_ value: JSONValue) {
        switch value {
        case .string(let s): takeText(s)
        case .int(let n) where n >= 1000: takeText(String(n))
        case .array(let list): for v in list { take(v) }
        // Ids and times are not what a user types back.
        case .object(let o): for key in o.keys.sorted() where !Self.notTyped.contains(key) { take(o[key]!) }
        default: break
        }
    }

    static let notTyped: Set<String> = ["transactionId", "id", "at", "now", "sim", "trace"]

    private mutating func takeText(_ s: String) {
        guard s.count <= 64, SimTime(iso8601: s) == nil else { return }
        // An SMS body carries its code inside words ("Your code is 4821"): every run of digits counts.
        var run = ""
        for c in s + " " {
            if c.isASCII && c.isNumber { run.append(c); continue }
            if (4...16).contains(run.count) { Self.push(run, &digits) }
            run = ""
        }
        if s.count == 8, s.allSatisfy({ ("A"..."Z").contains($0) || ("2"..."9").contains($0) }), s.contains(where: \.isLetter) {
            Self.push(s, &tokens)
        }
        if s.count == 17, s.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) { Self.push(s, &vins) }
    }

    private static func push(_ value: String, _ list: inout [String]) {
        list.removeAll { $0 == value }
        list.insert(value, at: 0)
        if list.count > keep { list.removeLast() }
    }

    /// Digits of a given length, newest first.
    public func digits(count: ClosedRange<Int>) -> [String] { digits.filter { count.contains($0.count) } }
}
