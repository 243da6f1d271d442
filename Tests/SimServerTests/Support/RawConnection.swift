import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to 127.0.0.1 driven byte by byte: what an HTTP client library will not send
/// (half a request head, a truncated body, a bad chunk) and what it hides (the connection closing).
final class RawConnection: Sendable {
    private let fd: Int32

    /// - Parameter receiveBuffer: the socket's receive buffer, set before connecting (a client that
    ///   stops reading then holds little in the kernel).
    ///   - source: the loopback address to connect from (another client than 127.0.0.1).
    init(port: Int, receiveBuffer: Int32? = nil, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServeProcess.Failure("socket() failed") }
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw ServeProcess.Failure("bind to \(source) failed: errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw ServeProcess.Failure("connect to port \(port) failed: errno \(errno)")
        }
        // Reads wake up every 200 ms so that the waits below can give up; they are not timings.
        var tick = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tick, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends `text` as UTF-8, then `latin1` one byte per character (for bytes that are not UTF-8).
    func send(_ text: String, latin1: String = "") throws {
        let bytes = Array(text.utf8) + latin1.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw ServeProcess.Failure("send failed: errno \(errno)") }
    }

    /// Ends what the client sends (the server reads end of file), keeping the read side open.
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Everything the server sends until it closes the connection, or until `patience` runs out
    /// (a generous limit for a busy machine: `closed` then says the server did not close).
    func readUntilClosed(patience: Duration = .seconds(60)) async -> (text: String, closed: Bool) {
        await read(patience: patience) { _ in false }
    }

    /// Reads until `done` holds for what arrived, the server closes, or `patience` runs out. On a
    /// thread of its own: a blocking read on one of the concurrency pool's few threads (two on a
    /// 2-core machine) would starve the server under test.
    func read(patience: Duration = .seconds(60), until done: @escaping @Sendable (String) -> Bool) async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.readBlocking(patience: patience, until: done)) }
        }
    }

    /// Reads chunk by chunk (each handed to `take` as it arrives, none kept here) until `take` says
    /// it has all it wants, the server closes, or `patience` runs out: for answers too long to read
    /// again whole on every chunk. Returns whether `take` was satisfied.
    func stream(patience: Duration = .seconds(120), take: @escaping @Sendable (ArraySlice<UInt8>) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = ContinuousClock.now + patience
                var buffer = [UInt8](repeating: 0, count: 65536)
                while ContinuousClock.now < deadline {
                    let n = buffer.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
                    if n > 0 {
                        if take(buffer[0..<n]) { return continuation.resume(returning: true) }
                    } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                        break
                    }
                }
                continuation.resume(returning: false)
            }
        }
    }

    private func readBlocking(patience: Duration, until done: (String) -> Bool) -> (text: String, closed: Bool) {
        let deadline = ContinuousClock.now + patience
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                received += buffer[0..<n]
                if done(String(decoding: received, as: UTF8.self)) { break }
            } else if n == 0 {
                return (String(decoding: received, as: UTF8.self), true)
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                return (String(decoding: received, as: UTF8.self), true)  // reset by the server
            }
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// One whole response (head and `content-length` body), leaving the connection open.
    func readResponse(patience: Duration = .seconds(60)) async -> String {
        await read(patience: patience) { text in
            guard let end = text.range(of: "\r\n\r\n") else { return false }
            let head = text[..<end.lowerBound].lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            return text[end.upperBound...].utf8.count >= length
        }.text
    }
}
