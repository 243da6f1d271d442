#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of a file descriptor, read in large chunks (`readLine` costs a call per line), with the
/// line ends `readLine` strips: "\n" and "\r\n". A last line without a newline still counts.
struct StandardInputLines {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(descriptor: Int32 = STDIN_FILENO) { self.descriptor = descriptor }

    /// Where the next line ends, once looked for (found once, used by both calls below).
    private var newline: Int?

    /// Whether a whole line is already read, so `next()` will not wait for the writer.
    mutating func hasWholeLine() -> Bool {
        if newline == nil { newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) }
        return newline != nil
    }

    /// The next line's bytes into `line` (its storage reused from line to line), waiting for the
    /// writer if none is buffered; false at the end of input.
    mutating func next(into line: inout [UInt8]) -> Bool {
        line.removeAll(keepingCapacity: true)
        while true {
            if hasWholeLine(), let newline {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                line.append(contentsOf: buffer[start..<end])
                start = newline + 1
                self.newline = nil
                return true
            }
            if atEnd {
                guard start < buffer.count else { return false }
                line.append(contentsOf: buffer[start...])
                start = buffer.count
                return true
            }
            fill()
        }
    }

    /// Reads what the writer has sent, keeping the unfinished line.
    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: 1 << 16))
        var got: Int
        repeat {
            got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, 1 << 16) }
        } while got < 0 && errno == EINTR
        buffer.removeSubrange((old + max(got, 0))...)
        if got <= 0 { atEnd = true }
    }
}

/// Answers collected and written in few system calls: flushed before input is awaited, so a
/// script that waits for each answer still gets it at once.
struct StandardOutputBuffer {
    /// What is not written yet: answers are appended here directly.
    var bytes: [UInt8] = []
    private let descriptor: Int32

    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        bytes.reserveCapacity(1 << 17)
    }

    var isLarge: Bool { bytes.count >= 1 << 16 }

    /// Writes everything collected; a closed reader ends the program as a write to a closed pipe does.
    mutating func flush() {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + sent, $0.count - sent) }
            if n < 0 {
                if errno == EINTR { continue }
                exit(1)  // EPIPE with SIGPIPE ignored: nobody reads the answers any more
            }
            sent += n
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
