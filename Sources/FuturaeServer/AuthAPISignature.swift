import Foundation
import SimKernel
import SimServer

/// FA2: how a Futurae Auth API request is signed. The message is `FT-Date`, the method, the host
/// without its port, the path and query exactly as sent, and the raw body, each followed by a line
/// feed; the signature is the hex of its HMAC-SHA256 under the service's Auth API key, sent as
/// `Authorization: Basic base64(serviceId ":" signature)`.
public enum AuthAPISignature {
    /// The bytes signed (FA2).
    public static func message(date: String, method: String, host: String, target: String, body: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(date.utf8.count + method.utf8.count + host.utf8.count + target.utf8.count + body.count + 5)
        out += date.utf8
        out.append(0x0A)
        out += method.utf8
        out.append(0x0A)
        out += host.utf8
        out.append(0x0A)
        out += target.utf8
        out.append(0x0A)
        out += body
        out.append(0x0A)
        return out
    }

    /// HMAC-SHA256 (OpenSSL's) of `message` under `key`, as lower-case hex.
    public static func hmacSHA256Hex(key: [UInt8], message: [UInt8]) -> String {
        String(decoding: hex(LibCrypto.hmacSHA256(key: key, message: message)), as: UTF8.self)
    }

    static func hex(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(hexDigits[Int(b >> 4)])
            out.append(hexDigits[Int(b & 0xF)])
        }
        return out
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether `given` is the hex of `digest`, in upper- or lower-case letters, in time that does not
    /// depend on where they differ (FA2).
    static func matches(_ given: [UInt8], digest: [UInt8]) -> Bool {
        let expected = hex(digest)
        var diff = UInt8(given.count == expected.count ? 0 : 1)
        for i in 0..<min(given.count, expected.count) {
            let g = given[i]
            diff |= ((0x41...0x5A).contains(g) ? g | 0x20 : g) ^ expected[i]
        }
        return diff == 0
    }

    /// Compares two secrets in time independent of where they differ.
    static func equal(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<min(x.count, y.count) { diff |= x[i] ^ y[i] }
        return diff == 0
    }

    /// The signature a client computes: what `Authorization` carries after the service id.
    public static func sign(key: String, date: String, method: String, host: String, target: String, body: [UInt8]) -> String {
        hmacSHA256Hex(key: Array(key.utf8), message: message(date: date, method: method, host: host, target: target, body: body))
    }

    /// The `Authorization` header of a signed request.
    public static func authorization(serviceId: String, signature: String) -> String {
        "Basic " + Data("\(serviceId):\(signature)".utf8).base64EncodedString()
    }

    /// `Basic base64(serviceId ":" signature)` → its two parts, or nil, read as text: what
    /// `AuthAPICredentials` does on bytes, and does this way for a value beyond ASCII.
    static func credentials(_ header: String) -> (serviceId: String, signature: String)? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// The `Host` header without its port: `localhost:8443` → `localhost`, `[::1]:8443` → `[::1]`.
    public static func hostWithoutPort(_ header: String) -> String {
        let u = header.utf8
        guard u.allSatisfy({ $0 < 0x80 }) else { return hostWithoutPort(text: header) }
        if u.first == UInt8(ascii: "["), let end = u.firstIndex(of: UInt8(ascii: "]")) { return String(header[...end]) }
        if let colon = u.lastIndex(of: UInt8(ascii: ":")), u.firstIndex(of: UInt8(ascii: ":")) == colon { return String(header[..<colon]) }
        return header
    }

    /// `hostWithoutPort` by characters (a header beyond ASCII).
    static func hostWithoutPort(text header: String) -> String {
        if header.hasPrefix("["), let end = header.firstIndex(of: "]") { return String(header[...end]) }
        if let colon = header.lastIndex(of: ":"), header.firstIndex(of: ":") == colon { return String(header[..<colon]) }
        return header
    }
}
