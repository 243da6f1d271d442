import Foundation
import SimTestSupport
import Testing

/// A team server behind a TLS front, reached through a company proxy: `enrollsim batch --backend
/// https://team-server.test:PORT` with `https_proxy` set tunnels through the proxy (CONNECT; only the
/// proxy knows that name), checks the server's certificate against the system's trusted ones, and
/// gets its answers. A server on loopback is reached directly even when a proxy is set.
///
/// The TLS front and the proxy are Tests/SimServerTests/Support/tls_front.py (Python's standard
/// library); the certificate is made by `openssl`. To trust it without touching this machine's
/// store, the client runs in a mount namespace of its own (`unshare -m`, as root) where the system
/// bundle is the test's certificate.
@Suite struct HTTPSProxyTests {
    static let line = #"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"# + "\n"

    @Test func httpsThroughAProxyReachesTheServerAndChecksItsCertificate() async throws {
        // The server in a process of its own, as in BatchOverHTTPTests: the batch client's 10 s
        // timeout must not depend on how busy this test process is.
        let folder = TemporaryFolder.make()
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path, scenario: "enrolled")
        do {
            let cert = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
            let made = try await Self.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=team-server.test",
                                                             "-addext", "subjectAltName=DNS:team-server.test", "-days", "2",
                                                             "-keyout", key, "-out", cert])
            #expect(made == 0, "openssl could not make the test certificate")
            let front = try await TLSFront.start(cert: cert, key: key, upstreamPort: server.port)
            defer { front.stop() }
            let environment = ["https_proxy": "http://127.0.0.1:\(front.proxyPort)", "ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin,
                               "XDG_CONFIG_HOME": folder.path]
            let arguments = ["batch", "--backend", "https://team-server.test:\(front.tlsPort)"]
            let batch = BatchOverHTTPTests()

            // Trusted: the call is answered by the server behind the front, through the proxy.
            let trusted = try await Self.answer {
                try await batch.runBatch(arguments, input: Self.line, environment: environment, launcher: [
                    "/usr/bin/unshare", "-m", "/bin/sh", "-c", #"mount --bind "$0" /etc/ssl/certs/ca-certificates.crt && exec "$@""#, cert,
                ])
            }
            #expect(trusted.contains(#""status":"SUCCEEDED""#), "\(trusted)")
            #expect(front.connects().contains("CONNECT team-server.test:\(front.tlsPort)"), "\(front.connects())")

            // Not trusted (this machine's own store): refused for its certificate, not answered.
            let refused = try await Self.answer { try await batch.runBatch(arguments, input: Self.line, environment: environment) }
            #expect(refused.contains(#""status":"FAILED""#) && refused.contains("2202"), "\(refused)")
            #expect(refused.lowercased().contains("certificate"), "\(refused)")
        }
        await server.stop(SIGTERM)
    }

    @Test func aLoopbackServerIsReachedDirectlyWhenAProxyIsSet() async throws {
        let folder = TemporaryFolder.make()
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path, scenario: "enrolled")
        do {
            // Port 9 (discard) has no proxy listening: through it, the call could only fail.
            let environment = ["http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
                               "ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin, "XDG_CONFIG_HOME": folder.path]
            let output = try await Self.answer {
                try await BatchOverHTTPTests().runBatch(["batch", "--backend", server.url], input: Self.line, environment: environment)
            }
            #expect(output.contains(#""status":"SUCCEEDED""#), "\(output)")
        }
        await server.stop(SIGTERM)
    }

    /// The batch's answer, asked again (five times at most) while it is the client's 10 s timeout:
    /// on a loaded machine the TLS front (Python threads) can be that slow, which is not the answer
    /// under test.
    static func answer(_ batch: () async throws -> String) async throws -> String {
        var output = ""
        for _ in 1...5 {
            output = try await batch()
            if !output.contains(#""code":2201"#) { break }
        }
        return output
    }

    static func run(_ tool: String, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        await Task.detached { process.waitUntilExit() }.value
        return process.terminationStatus
    }
}

/// tls_front.py running: its two ports, and the CONNECT lines it printed so far.
final class TLSFront: Sendable {
    let process: Process
    let tlsPort: Int
    let proxyPort: Int
    private let output: StderrLog

    private let lifeline: Pipe

    private init(process: Process, tlsPort: Int, proxyPort: Int, output: StderrLog, lifeline: Pipe) {
        self.lifeline = lifeline
        self.process = process
        self.tlsPort = tlsPort
        self.proxyPort = proxyPort
        self.output = output
    }

    static func start(cert: String, key: String, upstreamPort: Int) async throws -> TLSFront {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/tls_front.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path, cert, key, String(upstreamPort)]
        let stdout = Pipe()
        process.standardOutput = stdout
        // The front runs until this pipe closes: when `stop` closes it, or when this process ends
        // however it ends, so no front outlives the test run.
        let lifeline = Pipe()
        process.standardInput = lifeline
        process.standardError = FileHandle.nullDevice
        let output = StderrLog()
        let (lines, continuation) = AsyncStream<String>.makeStream()
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                continuation.finish()
            } else {
                continuation.yield(output.append(String(decoding: data, as: UTF8.self)))
            }
        }
        try ProcessLaunch.run(process)
        for await text in lines {
            let words = text.split(whereSeparator: \.isWhitespace)
            if let ready = words.firstIndex(of: "ready"), words.count > ready + 2, let tls = Int(words[ready + 1]), let proxy = Int(words[ready + 2]) {
                return TLSFront(process: process, tlsPort: tls, proxyPort: proxy, output: output, lifeline: lifeline)
            }
        }
        throw ServeProcess.Failure("tls_front.py ended before it was ready: \(output.text)")
    }

    func connects() -> [String] { output.text.split(separator: "\n").filter { $0.hasPrefix("CONNECT ") }.map(String.init) }

    /// Ends the front and waits for it: its input closed, and SIGTERM.
    func stop() {
        try? lifeline.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
