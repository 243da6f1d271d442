/// A point of simulated time, whole seconds since 1970 UTC, written as ISO 8601 (`2026-01-05T09:00:00Z`).
/// Hand-rolled calendar arithmetic: it runs on every SMS and every export, and needs no locale.
public struct SimTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    /// The last second the ISO-8601 form (four-digit years) can write: the clock stops there.
    public static let latest = SimTime(seconds: 253_402_300_799)  // 9999-12-31T23:59:59Z

    public static func < (a: SimTime, b: SimTime) -> Bool { a.seconds < b.seconds }
    public static func + (t: SimTime, s: Int) -> SimTime { SimTime(seconds: t.seconds + s) }
    public static func - (a: SimTime, b: SimTime) -> Int { a.seconds - b.seconds }

    public var description: String { iso8601 }

    public var iso8601: String {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secs = seconds - days * 86_400
        let (y, m, d) = SimTime.civil(fromDays: days)
        // Twenty ASCII bytes written in place: this runs for every SMS, event and inbox line.
        return String(unsafeUninitializedCapacity: 20) { out in
            func put(_ value: Int, _ width: Int, at start: Int) {
                var v = value
                for i in stride(from: start + width - 1, through: start, by: -1) {
                    out[i] = UInt8(48 + v % 10)
                    v /= 10
                }
            }
            put(y, 4, at: 0); out[4] = 45
            put(m, 2, at: 5); out[7] = 45
            put(d, 2, at: 8); out[10] = 84
            put(secs / 3600, 2, at: 11); out[13] = 58
            put(secs / 60 % 60, 2, at: 14); out[16] = 58
            put(secs % 60, 2, at: 17); out[19] = 90
            return 20
        }
    }

    /// Reads `YYYY-MM-DDTHH:MM:SSZ` (UTC only; fractional seconds refused).
    public init?(iso8601 text: String) {
        let u = Array(text.utf8)
        guard u.count == 20, u[4] == 45, u[7] == 45, u[10] == 84, u[13] == 58, u[16] == 58, u[19] == 90 else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard (48...57).contains(u[i]) else { return nil }
                v = v * 10 + Int(u[i] - 48)
            }
            return v
        }
        guard let y = num(0..<4), let m = num(5..<7), let d = num(8..<10), let hh = num(11..<13), let mm = num(14..<16),
            let ss = num(17..<19), (1...12).contains(m), (1...SimTime.daysIn(month: m, year: y)).contains(d), hh < 24, mm < 60, ss < 60
        else { return nil }
        seconds = SimTime.days(fromCivil: y, m, d) * 86_400 + hh * 3600 + mm * 60 + ss
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let t = SimTime(iso8601: s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not a UTC time like 2026-01-05T09:00:00Z")
        }
        self = t
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(iso8601)
    }

    // Howard Hinnant's days-from-civil algorithms (also the Auth API's RFC 2822 dates).
    public static func days(fromCivil y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysIn(month m: Int, year y: Int) -> Int {
        switch m {
        case 2: (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

private func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
