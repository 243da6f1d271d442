import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's admin token: from `--admin-token`, else `ENROLLSIM_ADMIN_TOKEN`, else the file that
/// `admin-token-file` names. Never from config.toml itself, which people copy and share; the token
/// file must be a regular file of the current user that nobody else can read or write.
enum AdminToken {
    static func resolve(flag: String?, environment: [String: String],
                        tokenFile: Sourced<ConfigValue>?) throws(ConfigError) -> Sourced<Secret>? {
        // The file is checked even when a flag or the environment wins: a configuration that names
        // a bad token file is a bad configuration, refused now rather than on the day it is needed.
        var fromFile: Sourced<Secret>?
        if let tokenFile, case .string(let path) = tokenFile.value {
            fromFile = Sourced(Secret(try read(path, refusing: tokenFile.refusal)), from: tokenFile.source)
        }
        if let flag, !flag.isEmpty { return Sourced(Secret(flag), from: .flag("--admin-token")) }
        if let text = environment["ENROLLSIM_ADMIN_TOKEN"], !text.isEmpty {
            return Sourced(Secret(text), from: .environment("ENROLLSIM_ADMIN_TOKEN"))
        }
        return fromFile
    }

    /// The token in `path` (its first line), or the refusal saying what is wrong with the file.
    static func read(_ path: String, refusing refusal: (String) -> ConfigError) throws(ConfigError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw refusal("admin-token-file \(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw refusal("admin-token-file \(path) is not a regular file")
        }
        guard info.st_uid == getuid() else {
            throw refusal("admin-token-file \(path) belongs to another user (uid \(info.st_uid)): it must be yours")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw refusal("admin-token-file \(path) has mode \(String(mode, radix: 8, uppercase: false).leftPadded(to: 4)): others can read it; chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw refusal("admin-token-file \(path) cannot be read")
        }
        let token = String(decoding: data, as: UTF8.self)
            .split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        guard !token.isEmpty else { throw refusal("admin-token-file \(path) is empty: its first line is the token") }
        return token
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
