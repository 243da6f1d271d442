import COpenSSLCrypto

/// OpenSSL's libcrypto, opened on first use (`COpenSSLCrypto`): a process that serves nothing (the
/// terminal app) never loads it. `enrollsim serve` asks `unavailable` before it starts, so a
/// missing library stops it with what to install, not in the middle of a request.
public enum LibCrypto {
    /// The exit status when it is missing (sysexits.h's EX_OSFILE: a system file is missing).
    public static let missingStatus: Int32 = 72

    /// Why libcrypto cannot be used, saying what to install; nil once it is loaded (the first
    /// call opens it).
    public static var unavailable: String? { ccrypto_load().map { String(cString: $0) } }

    /// Before each use: stops a program that uses it without having asked `unavailable`.
    static func require() {
        if let reason = unavailable { fatalError(reason) }
    }
}

extension LibCrypto {
    /// HMAC-SHA256 (OpenSSL's) of `message` under `key`: 32 bytes (a system's signed requests).
    public static func hmacSHA256(key: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer) -> [UInt8] {
        require()
        return [UInt8](unsafeUninitializedCapacity: Int(EVP_MAX_MD_SIZE)) { digest, count in
            var length: UInt32 = 0
            let ok = ccrypto_HMAC(ccrypto_EVP_sha256(), key.baseAddress, Int32(key.count), message.bindMemory(to: UInt8.self).baseAddress,
                                  message.count, digest.baseAddress, &length)
            precondition(ok != nil && length == 32, "OpenSSL's HMAC-SHA256 failed")
            count = Int(length)
        }
    }

    public static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        key.withUnsafeBytes { k in message.withUnsafeBytes { m in hmacSHA256(key: k, message: m) } }
    }
}
