import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP server on 127.0.0.1 whose every connection runs a test's script on a thread of its own,
/// byte by byte: what a real server would not do on cue (answer in chunks a test releases, never
/// answer) and what a client library hides (how many connections it opened, when it closed one).
final class ScriptedHTTPServer: Sendable {
    /// One accepted connection, as the script sees it.
    final class Connection: Sendable {
        let fd: Int32
        private let counts: Counts
        fileprivate init(fd: Int32, counts: Counts) {
            self.fd = fd
            self.counts = counts
        }

        /// The next request's head (through its blank line), its body skipped by Content-Length; nil
        /// when the client closed the connection.
        func readRequest() -> String? {
            var head = [UInt8]()
            while !head.ends(with: Array("\r\n\r\n".utf8)) {
                guard let byte = readByte() else { return nil }
                head.append(byte)
            }
            let text = String(decoding: head, as: UTF8.self)
            let length = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            for _ in 0..<length { guard readByte() != nil else { return nil } }
            return text
        }

        func write(_ text: String) {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { return }
                bytes = bytes.dropFirst(sent)
            }
        }

        /// Reads until the client closes the connection (or resets it), and counts the close; extra
        /// bytes are dropped.
        func waitForClose() {
            while readByte() != nil {}
            counts.closed.add(1, ordering: .releasing)
        }

        private func readByte() -> UInt8? {
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, 0) == 1 ? byte : nil
        }
    }

    fileprivate final class Counts: Sendable {
        let accepted = Atomic<Int>(0)
        let closed = Atomic<Int>(0)
    }

    let port: Int
    private let listener: Int32
    private let counts = Counts()

    /// How many connections the client opened so far.
    var connections: Int { counts.accepted.load(ordering: .acquiring) }
    /// How many of them the client closed, as seen by the scripts that wait for it.
    var closes: Int { counts.closed.load(ordering: .acquiring) }

    /// - Parameter script: run for each connection; the connection is closed when it returns.
    init(_ script: @escaping @Sendable (Connection) -> Void) throws {
        let listener = try SilentListener()
        port = listener.port
        self.listener = dup(listener.fd)
        let fd = self.listener
        Thread { [counts] in
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }  // the listener was shut down
                counts.accepted.add(1, ordering: .releasing)
                Thread {
                    script(Connection(fd: client, counts: counts))
                    close(client)
                }.start()
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Waits (60 s at most, for a busy machine) until `condition` holds.
    static func wait(_ what: String, until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw ServeProcess.Failure("never happened: \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
