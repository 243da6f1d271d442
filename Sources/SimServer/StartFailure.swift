import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `enrollsim serve` could not start, as an exit status from sysexits.h (never 64, the usage
/// error, for a failure that no flag caused) and a message that names the cause.
public enum StartFailure {
    /// The database's content: corrupt, not a database, a row that does not decode, a newer version's.
    public static let dataError: Int32 = 65
    /// The address cannot be listened on (taken, not ours).
    public static let unavailable: Int32 = 69
    /// The database or its folder cannot be created or written: permissions, a read-only mount, a folder
    /// where the file should be.
    public static let cannotCreate: Int32 = 73
    /// Reading or writing failed: the disk, a full file system.
    public static let ioError: Int32 = 74
    /// Another process serves the database: try again once it stops.
    public static let inUse: Int32 = 75

    static func exitStatus(_ error: any Error) -> Int32 {
        switch error {
        case is DatabaseOwnership.Taken: return inUse
        case is NewerDatabase, is UnreadableRow, is ForeignDatabase, is IncompleteDatabase, is DamagedWorld, is HotJournal: return dataError
        case let e as FileError: return [EROFS, EACCES, EPERM, EISDIR, ENOTDIR, ENOENT].contains(e.code) ? cannotCreate : ioError
        case let e as DatabaseError:
            switch e.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT: return dataError
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return cannotCreate
            case .SQLITE_BUSY, .SQLITE_LOCKED: return inUse
            default: return ioError
            }
        default: return ioError
        }
    }

    /// The error, with what SQLite's codes mean for whoever runs the server.
    static func describe(_ error: any Error) -> String {
        guard let e = error as? DatabaseError else { return "\(error)" }
        let meaning: String? = switch e.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: "the file is not an SQLite database, or it is damaged"
        case .SQLITE_READONLY: "the database or its folder is read-only"
        case .SQLITE_FULL: "the disk is full"
        case .SQLITE_CANTOPEN: "the file or its -wal/-shm files cannot be opened"
        default: nil
        }
        return "\(e.message ?? "\(e)") (SQLite error \(e.extendedResultCode.rawValue)" + (meaning.map { ": \($0))" } ?? ")")
    }
}
