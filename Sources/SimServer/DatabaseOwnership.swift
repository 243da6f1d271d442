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

    /// - Parameter patienceMs: how long to wait for an owner that is letting go (a server stopping
    ///   while the next starts, or a child process between fork and exec still holding the lock).
    init(database path: String, patienceMs: Int = 2_000) throws {
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Taken(path: path) }
        var waited = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard waited < patienceMs else {
                close(fd)
                throw Taken(path: path)
            }
            usleep(50_000)
            waited += 50
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
