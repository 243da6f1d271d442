import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's world in memory is authoritative only if no other process writes the database: an
/// exclusive `flock` on the database file itself, held while the store is open. A lock on the file,
/// not on its name: a second server given a symbolic link or a hard link to it opens the same inode
/// and sees the lock. `flock` locks are apart from the POSIX locks SQLite takes (Linux and macOS, on
/// local file systems), and the kernel drops them when the process dies, `kill -9` included, so a
/// restart never finds a stale lock.
final class DatabaseOwnership: Sendable {
    /// The database's path with every symbolic link resolved.
    let resolvedPath: String
    private let file: FileID
    private let fd: Mutex<Int32>

    /// Files this process owns: closing any descriptor of a file drops the POSIX locks the process's
    /// SQLite connections hold on it, so a second owner in the same process is refused before it
    /// opens anything.
    private static let owned = Mutex<Set<FileID>>([])

    struct FileID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        init(_ s: stat) {
            device = UInt64(s.st_dev)
            inode = UInt64(s.st_ino)
        }
    }

    struct Taken: Error, CustomStringConvertible {
        let path: String
        let resolved: String
        var description: String {
            "another process (an enrollsim serve?) is using \(path)" + (resolved == path ? "" : " (the file \(resolved))")
        }
    }

    /// - Parameter patienceMs: how long to wait for an owner that is letting go (a server stopping
    ///   while the next starts, or a child process between fork and exec still holding the lock).
    init(database path: String, patienceMs: Int = 2_000) throws {
        guard let real = realpath(path, nil) else { throw FileError("cannot resolve", path) }
        resolvedPath = String(cString: real)
        free(real)
        var before = stat()
        guard stat(resolvedPath, &before) == 0 else { throw FileError("cannot read", resolvedPath) }
        if (before.st_mode & S_IFMT) == S_IFDIR { throw FileError("cannot open", resolvedPath, code: EISDIR) }
        let id = FileID(before)
        guard Self.owned.withLock({ $0.insert(id).inserted }) else { throw Taken(path: path, resolved: resolvedPath) }
        do {
            fd = Mutex(try Self.lock(resolvedPath, path: path, patienceMs: patienceMs))
        } catch {
            Self.owned.withLock { _ = $0.remove(id) }
            throw error
        }
        file = id
        // SQLite creates the -wal and -shm files beside the database: a folder it cannot write is
        // said now, with its cause, not as a failed write later.
        let folder = String(resolvedPath[..<(resolvedPath.lastIndex(of: "/") ?? resolvedPath.startIndex)])
        if access(folder.isEmpty ? "/" : folder, W_OK) != 0 {
            let error = FileError("cannot write in the folder", folder, hint: "SQLite keeps its -wal and -shm files beside the database")
            release()
            throw error
        }
    }

    private static func lock(_ resolved: String, path: String, patienceMs: Int) throws -> Int32 {
        let fd = open(resolved, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("cannot open", resolved) }
        var waited = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw FileError("cannot lock", resolved, code: code)
            }
            guard waited < patienceMs else {
                close(fd)
                throw Taken(path: path, resolved: resolved)
            }
            usleep(50_000)
            waited += 50
        }
        return fd
    }

    /// Lets the database go (a store closed before its process ends: tests, embedding). Called after
    /// SQLite closed its connections.
    func release() {
        let wasOpen = fd.withLock { fd in
            defer { fd = -1 }
            if fd >= 0 { close(fd) }
            return fd >= 0
        }
        if wasOpen { _ = Self.owned.withLock { $0.remove(file) } }
    }

    deinit { release() }
}

/// A file operation that failed, with the system's reason (errno) and, where it helps, what to do.
struct FileError: Error, CustomStringConvertible {
    let action: String
    let path: String
    let code: Int32
    let hint: String?

    init(_ action: String, _ path: String, code: Int32 = errno, hint: String? = nil) {
        self.action = action
        self.path = path
        self.code = code
        self.hint = hint
    }

    var description: String {
        let advice = hint ?? Self.advice[code]
        return "\(action) \(path): \(String(cString: strerror(code)))" + (advice.map { " (\($0))" } ?? "")
    }

    static let advice: [Int32: String] = [
        EROFS: "the file system is mounted read-only",
        EACCES: "permission denied: the server needs to read and write the database and its folder",
        EISDIR: "a folder, not a database file",
        ENOSPC: "the disk is full",
    ]
}
