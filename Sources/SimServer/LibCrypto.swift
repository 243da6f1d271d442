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
