import Foundation
import SimKernel

/// RFC 2822 dates as signed requests carry them: `Wed, 22 Apr 2026 10:01:24 +0100` (the weekday
/// optional, any numeric offset, `GMT`/`UT`/`UTC` for +0000). Parsed by hand: a `DateFormatter` per
/// request would cost more than the signature.
public enum RFC2822Date {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// `parse` by characters: what the byte reader does for a text beyond ASCII.
    static func parseText(_ text: String) -> Date? {
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

extension RFC2822Date {
    /// `parse` on the text's bytes, with no string made: an ASCII text is read word by word in place;
    /// one with a byte beyond ASCII is read as characters (`parseText`), so both agree on every text.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return parseText(String(decoding: bytes, as: UTF8.self)) }
        // The words, split at spaces and tabs: more than six (a weekday and five) is no date.
        var all: [Range<Int>] = []
        all.reserveCapacity(6)
        var i = 0
        while i < bytes.count {
            while i < bytes.count, bytes[i] == space || bytes[i] == tab { i += 1 }
            guard i < bytes.count else { break }
            let start = i
            while i < bytes.count, bytes[i] != space, bytes[i] != tab { i += 1 }
            guard all.count < 6 else { return nil }
            all.append(start..<i)
        }
        if let first = all.first, bytes[first.upperBound - 1] == UInt8(ascii: ",") { all.removeFirst() }
        guard all.count == 5, let day = integer(bytes, all[0]), (1...31).contains(day),
              let month = monthIndex(bytes, all[1]), let year = integer(bytes, all[2]), (1970...9999).contains(year)
        else { return nil }
        // hh:mm or hh:mm:ss (empty parts kept, and refused).
        let time = all[3]
        var parts: [Range<Int>] = []
        var partStart = time.lowerBound
        for j in time where bytes[j] == UInt8(ascii: ":") {
            parts.append(partStart..<j)
            partStart = j + 1
        }
        parts.append(partStart..<time.upperBound)
        guard parts.count == 2 || parts.count == 3, let hh = integer(bytes, parts[0]), let mm = integer(bytes, parts[1]),
              (0...23).contains(hh), (0...59).contains(mm)
        else { return nil }
        let ss = parts.count == 3 ? integer(bytes, parts[2]) : 0
        guard let ss, (0...60).contains(ss), let offset = offsetSeconds(bytes, all[4]) else { return nil }
        let days = SimTime.days(fromCivil: year, month + 1, day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hh * 3600 + mm * 60 + ss - offset))
    }

    /// `Int(String)` on ASCII bytes: an optional sign, then at least one digit, nil past `Int`'s range.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < range.upperBound else { return nil }
        var value = 0
        while i < range.upperBound {
            let digit = Int(bytes[i]) - 48
            guard (0...9).contains(digit) else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = next
            i += 1
        }
        return value
    }

    static func monthIndex(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard range.count == 3 else { return nil }
        let word = (lower(bytes[range.lowerBound]), lower(bytes[range.lowerBound + 1]), lower(bytes[range.lowerBound + 2]))
        return monthBytes.firstIndex { $0 == word }
    }

    static func offsetSeconds(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let word = bytes[range]
        if zones.contains(where: { $0.elementsEqual(word.lazy.map(lower)) }) { return 0 }
        guard word.count == 5 else { return nil }
        let u = Array(word)
        guard u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-"), u.dropFirst().allSatisfy({ (48...57).contains($0) }) else { return nil }
        let hh = Int(u[1] - 48) * 10 + Int(u[2] - 48), mm = Int(u[3] - 48) * 10 + Int(u[4] - 48)
        guard hh <= 23, mm <= 59 else { return nil }
        return (u[0] == UInt8(ascii: "-") ? -1 : 1) * (hh * 3600 + mm * 60)
    }

    private static func lower(_ b: UInt8) -> UInt8 { (65...90).contains(b) ? b | 0x20 : b }
    private static let monthBytes: [(UInt8, UInt8, UInt8)] = months.map { m in let u = Array(m.utf8); return (u[0], u[1], u[2]) }
    private static let zones = ["gmt", "ut", "utc", "z"].map { Array($0.utf8) }
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
