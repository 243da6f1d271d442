import Foundation

/// Files that may carry secrets or user data (exports, walks, screenshots, saved scenarios) are
/// written as the server's database is: readable by their owner only (0600). A write either leaves
/// the whole text in the file or no file at all: it goes to a new file beside it that takes the name
/// once complete, so a full disk leaves nothing half-written, and says so.
public enum PrivateFile {
    public static let mode: mode_t = 0o600

    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        /// The file was there already and was kept.
        public var exists: Bool

        public var description: String { "cannot write \(path.escapingControlCharacters): \(reason)" }
    }

    /// Writes `text` to `path`, 0600. An existing file is kept (`exists`) unless `replacing`; one that
    /// is not a regular file (a terminal, a pipe, `/dev/full`) is written in place, never replaced.
    public static func write(_ text: String, to path: String, replacing: Bool = false) throws(WriteError) {
        try write(Data(text.utf8), to: path, replacing: replacing)
    }

    /// The same for bytes (a bug-report bundle).
    public static func write(_ data: Data, to path: String, replacing: Bool = false) throws(WriteError) {
        var info = stat()
        let present = stat(path, &info) == 0
        if present && !replacing { throw kept(path) }
        if present && (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { throw failure(path) }
            defer { close(fd) }
            if let reason = writeAll(data, to: fd) { throw WriteError(path: path, reason: reason, exists: false) }
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.enrollsim-write-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw failure(path) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporary) }  // once linked or renamed, or on failure
        var reason: String?
        if fchmod(fd, mode) != 0 { reason = String(cString: strerror(errno)) }
        if reason == nil { reason = writeAll(data, to: fd) }
        // The disk may say it is full only when the data is flushed.
        if reason == nil, fsync(fd) != 0 { reason = String(cString: strerror(errno)) }
        if close(fd) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        if let reason { throw WriteError(path: path, reason: reason + " (nothing was written)", exists: false) }
        if replacing {
            if rename(temporary, path) != 0 { throw failure(path) }
            return
        }
        // link refuses a file that appeared meanwhile; a file system without links gets a rename.
        if link(temporary, path) != 0 {
            if errno == EEXIST { throw kept(path) }
            if errno != EPERM && errno != ENOTSUP { throw failure(path) }
            if rename(temporary, path) != 0 { throw failure(path) }
        }
    }

    /// Creates `path` for writing, 0600, refusing an existing file: a walk being recorded.
    public static func create(_ path: String) throws(WriteError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw errno == EEXIST ? kept(path) : failure(path)
        }
        fchmod(fd, mode)  // whatever the umask
        return fd
    }

    /// Writes all of `text`; the reason it could not (a full disk), or nil.
    public static func writeAll(_ text: String, to fd: Int32) -> String? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes all of `data`; the reason it could not, or nil.
    public static func writeAll(_ data: Data, to fd: Int32) -> String? {
        data.withUnsafeBytes { writeAll($0, to: fd) }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            done += n
        }
        return nil
    }

    private static func kept(_ path: String) -> WriteError {
        WriteError(path: path, reason: "the file exists already (it is kept)", exists: true)
    }

    private static func failure(_ path: String) -> WriteError {
        WriteError(path: path, reason: String(cString: strerror(errno)), exists: false)
    }
}
