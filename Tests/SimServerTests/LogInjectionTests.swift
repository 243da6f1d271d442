import Foundation
import SimTestSupport
import Testing

/// Issue 30.3 in the server's log: a value from a client (here an admin's `?session=`, logged at
/// debug) reaches the log with its control characters, separators and bidi controls escaped.
@Suite struct LogInjectionTests {
    @Test func anAdminsSessionNameIsLoggedEscaped() async throws {
        let folder = TemporaryFolder.make()
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path, scenario: "enrolled",
                                                  extra: ["--log-level", "debug"])
        for payload in TerminalPayload.all {
            let query = try #require(payload.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /v1/events?session=\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
                                + "Authorization: Bearer \(ServeProcess.admin)\r\n\r\n")
            let head = await connection.read { $0.contains("\r\n\r\n") }
            #expect(head.text.hasPrefix("HTTP/1.1 200"), "\(payload): \(head.text.prefix(200))")
        }
        await server.stop(SIGTERM)
        let log = server.errors.text
        let lines = log.split(separator: "\n").filter { $0.contains(" events ") || $0.contains("events session=") || $0.hasSuffix(" events") }
        #expect(lines.count >= TerminalPayload.all.count, "\(log.suffix(2_000))")
        // Every payload's characters are escapes in the log; no line is cut by NEL or U+2028.
        #expect(!TerminalPayload.holdsUnsafe(log.replacingOccurrences(of: "\n", with: "")), "\(log.suffix(2_000).debugDescription)")
        #expect(log.contains(#"f\u{1B}]0;pwned\u{7}x"#), "\(log.suffix(2_000))")
        #expect(log.contains(#"f\u{202E}x"#) && log.contains(#"f\u{2028}x"#) && log.contains(#"f\u{85}x"#), "\(log.suffix(2_000))")
    }
}
