import Foundation
import SimKernel

/// RFC 2822 dates as signed requests carry them: `Wed, 22 Apr 2026 10:01:24 +0100` (the weekday
/// optional, any numeric offset, `GMT`/`UT`/`UTC` for +0000). Parsed by hand: a `DateFormatter` per
/// request would cost more than the signature.
public enum RFC2822Date {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    public static func parse(_ text: String) -> Date? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let first = words.first, first.hasSuffix(",") { words.removeFirst() }
        guard words.count == 5, let day = Int(words[0]), (1...31).contains(day),
              let month = months.firstIndex(of: words[1].lowercased()), let year = Int(words[2]), (1970...9999).contains(year)
        else { return nil }
        let time = words[3].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 2 || time.count == 3, let hh = Int(time[0]), let mm = Int(time[1]), (0...23).contains(hh), (0...59).contains(mm)
        else { return nil }
        let ss = time.count == 3 ? Int(time[2]) : 0
        guard let ss, (0...60).contains(ss), let offset = offsetSeconds(words[4]) else { return nil }
        let days = SimTime.days(fromCivil: year, month + 1, day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hh * 3600 + mm * 60 + ss - offset))
    }

    static func offsetSeconds(_ zone: String) -> Int? {
        if ["gmt", "ut", "utc", "z"].contains(zone.lowercased()) { return 0 }
        let u = Array(zone.utf8)
        guard u.count == 5, u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-"), u.dropFirst().allSatisfy({ (48...57).contains($0) }),
              let hh = Int(String(zone.dropFirst().prefix(2))), let mm = Int(String(zone.suffix(2))), hh <= 23, mm <= 59
        else { return nil }
        return (u[0] == UInt8(ascii: "-") ? -1 : 1) * (hh * 3600 + mm * 60)
    }

    /// `Wed, 22 Apr 2026 09:01:24 +0000`: how a client writes one (tests, the benchmark); with `zone`
    /// `GMT`, an HTTP `Date` header's text (RFC 9110's IMF-fixdate).
    public static func format(_ date: Date, zone: String = "+0000") -> String {
        let t = Int(date.timeIntervalSince1970.rounded(.down))
        let days = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secs = t - days * 86_400
        let (y, m, d) = SimTime.civil(fromDays: days)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekday), \(two(d)) \(months[m - 1].capitalized) \(y) \(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60)) \(zone)"
    }
}
