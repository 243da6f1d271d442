import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's world in memory is authoritative only if no other process writes the database: an
/// exclusive `flock` on `<database>.lock`, held while the store is open. The kernel drops it when the
/// process dies, `kill -9` included, so a restart never finds a stale lock.
final class DatabaseOwnership: Sendable {
    private let fd: Mutex<Int32>

    struct Taken: Error, CustomStringConvertible {
        let path: String
        var description: String { "another process (an enrollsim serve?) is using \(path)" }
    }

    init(database path: String) throws {
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Taken(path: path) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw Taken(path: path)
        }
        self.fd = Mutex(fd)
    }

    /// Lets the database go (a store closed before its process ends: tests, embedding).
    func release() {
        fd.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }

    deinit { release() }
}
