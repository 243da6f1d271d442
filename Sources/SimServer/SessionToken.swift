import COpenSSLCrypto
import Foundation
import SimKernel

/// What a bearer secret of `POST /v1/sessions` opens: a session of the world, by name.
///
/// Device sessions (created from settings) carry their settings, so that a session dropped by a
/// `load` or `reset` of the world comes back, logged out, on its next call: the app's token stays
/// valid across a backend reset, as a real app's would. Admin attachments (`{"attach": "default"}`)
/// carry none: they follow the world's session of that name exactly as `batch` does, and a call on a
/// session the world no longer has answers what the in-process backend answers.
struct SessionToken: Sendable, Hashable, Codable {
    var session: String
    var settings: SessionSettings?
}

/// Random secrets and their digests. Only the SHA-256 of a token is stored (in memory and on disk),
/// so the database file does not hand out live sessions.
enum BearerSecret {
    /// 32 random bytes as hex, from the system's secure generator.
    static func generate() -> String {
        var g = SystemRandomNumberGenerator()
        return hex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &g) })
    }

    /// SHA-256 (OpenSSL's), as hex.
    static func digest(_ token: String) -> String {
        LibCrypto.require()
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(token.utf8)
        _ = ccrypto_SHA256(bytes, bytes.count, &digest)
        return hex(digest)
    }

    /// A short random name for a device session (not a secret: it shows in exports).
    static func sessionName() -> String {
        var g = SystemRandomNumberGenerator()
        return "device-" + hex((0..<6).map { _ in UInt8.random(in: .min ... .max, using: &g) })
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Compares two secrets in time independent of where they differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<min(x.count, y.count) { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}

extension TeamServer {
    /// A random admin token, for a loopback server started without one.
    public static func generateAdminToken() -> String { BearerSecret.generate() }
}
