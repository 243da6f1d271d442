import COpenSSLCrypto
import Foundation
import SimKernel

/// FA2: how a Futurae Auth API request is signed. The message is `FT-Date`, the method, the host
/// without its port, the path and query exactly as sent, and the raw body, each followed by a line
/// feed; the signature is the hex of its HMAC-SHA256 under the service's Auth API key, sent as
/// `Authorization: Basic base64(serviceId ":" signature)`.
public enum AuthAPISignature {
    /// The bytes signed (FA2).
    public static func message(date: String, method: String, host: String, target: String, body: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(date.utf8.count + method.utf8.count + host.utf8.count + target.utf8.count + body.count + 5)
        for part in [date, method, host, target] {
            out += part.utf8
            out.append(0x0A)
        }
        out += body
        out.append(0x0A)
        return out
    }

    /// HMAC-SHA256 (OpenSSL's) of `message` under `key`, as lower-case hex.
    public static func hmacSHA256Hex(key: [UInt8], message: [UInt8]) -> String {
        LibCrypto.require()
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = key.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                ccrypto_HMAC(ccrypto_EVP_sha256(), k.baseAddress, Int32(key.count), m.bindMemory(to: UInt8.self).baseAddress, message.count, &digest, &length)
            }
        }
        precondition(ok != nil && length == 32, "OpenSSL's HMAC-SHA256 failed")
        return BearerSecret.hex(Array(digest.prefix(Int(length))))
    }

    /// The signature a client computes: what `Authorization` carries after the service id.
    public static func sign(key: String, date: String, method: String, host: String, target: String, body: [UInt8]) -> String {
        hmacSHA256Hex(key: Array(key.utf8), message: message(date: date, method: method, host: host, target: target, body: body))
    }

    /// The `Authorization` header of a signed request.
    public static func authorization(serviceId: String, signature: String) -> String {
        "Basic " + Data("\(serviceId):\(signature)".utf8).base64EncodedString()
    }

    /// `Basic base64(serviceId ":" signature)` → its two parts, or nil.
    static func credentials(_ header: String) -> (serviceId: String, signature: String)? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// Whether `given` is the hex of `expected` (lower-case hex), upper- or lower-case, in time that
    /// does not depend on where they differ (FA2).
    static func matches(_ given: String, expected: String) -> Bool {
        BearerSecret.equal(given.lowercased(), expected)
    }

    /// The `Host` header without its port: `localhost:8443` → `localhost`, `[::1]:8443` → `[::1]`.
    public static func hostWithoutPort(_ header: String) -> String {
        if header.hasPrefix("["), let end = header.firstIndex(of: "]") { return String(header[...end]) }
        if let colon = header.lastIndex(of: ":"), header.firstIndex(of: ":") == colon { return String(header[..<colon]) }
        return header
    }
}

/// RFC 2822 dates as `FT-Date` carries them: `Wed, 22 Apr 2026 10:01:24 +0100` (the weekday
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
