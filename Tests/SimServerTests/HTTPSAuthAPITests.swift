import Foundation
import SimServer
import SimTestSupport
import Testing

/// FA5 over a real process: `enrollsim serve --tls-self-signed` from a binary with the package trait
/// `TLS`: the release tarball's (ENROLLSIM_RELEASE_TARBALL, which .ci/run builds), one named by
/// ENROLLSIM_TLS_BINARY, or the debug build when `swift test --traits TLS` made it. No test builds
/// one: without any of them the suite does not run, and says which command runs it. The identity
/// provider's whole sequence runs over HTTPS with the self-signed certificate trusted by the
/// clients (Python's ssl with it as the only authority, curl --cacert), as a JVM told by keytool would.
@Suite(.serialized, .enabled(if: TLSBinary.found != nil, Comment(rawValue: TLSBinary.missing)))
struct HTTPSAuthAPITests {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func binary() throws -> URL {
        guard let binary = TLSBinary.found else { throw ServeProcess.Failure(TLSBinary.missing) }
        return binary
    }

    /// A TLS server on an ephemeral port: its URL and the certificate it printed.
    struct TLSServe {
        let process: Process
        let url: String
        let certificate: String
        let errors: StderrLog
        let reaper: ChildReaper

        func stop() async {
            kill(process.processIdentifier, SIGTERM)
            await Task.detached { [process] in process.waitUntilExit() }.value
            reaper.dismiss()
        }
    }

    static func start(database: String, _ more: [String] = []) async throws -> TLSServe {
        let child = try ServeProcess.launch(try binary(),
                                            ["serve", "--port", "0", "--db", database, "--scenario", "futurae-fresh", "--tls-self-signed", "--log-level", "notice"] + more)
        for await text in child.lines {
            if let range = text.range(of: #"listening on https://127\.0\.0\.1:\d+"#, options: .regularExpression),
               let certificate = text.range(of: #"self-signed certificate \(localhost, 127\.0\.0\.1, ::1\): \S+"#, options: .regularExpression) {
                let url = String(text[range].dropFirst("listening on ".count))
                let path = String(text[certificate].split(separator: " ").last ?? "")
                return TLSServe(process: child.process, url: url, certificate: path, errors: child.errors, reaper: child.reaper)
            }
        }
        child.process.waitUntilExit()
        child.reaper.dismiss()
        throw ServeProcess.Failure("enrollsim serve --tls-self-signed exited (\(child.process.terminationStatus)) before listening: \(child.errors.text)")
    }

    @Test func theIdentityProvidersSequenceOverHTTPSWithTheSelfSignedCertificateTrusted() async throws {
        let folder = TemporaryFolder.make()
        let database = folder.appendingPathComponent("world.db").path
        let server = try await Self.start(database: database)
        do {
            // FA5: the pair beside the database, the key private, the certificate for the loopback names.
            #expect(server.certificate == database + ".tls-cert.pem")
            let mode = try FileManager.default.attributesOfItem(atPath: database + ".tls-key.pem")[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let text = try await Shell.run("/usr/bin/openssl", ["x509", "-in", server.certificate, "-noout", "-text"], in: folder).output
            #expect(text.contains("DNS:localhost") && text.contains("IP Address:127.0.0.1") && text.contains("IP Address:0:0:0:0:0:0:0:1"), "\(text)")
            // A trust anchor of its own: what keytool -importcert or a browser is given.
            let verified = try await Shell.run("/usr/bin/openssl", ["verify", "-CAfile", server.certificate, server.certificate], in: folder)
            #expect(verified.status == 0, "\(verified.output)")

            // The whole sequence, approve; then reject, fraud and expiry → deny (FA14), each a new user.
            let common = ["--url", server.url, "--cafile", server.certificate, "--service-id", AuthAPITests.serviceId, "--key", AuthAPITests.key,
                          "--play-phone", "--poll", "0.2", "--timeout", "60", "--admin-token", ServeProcess.admin]
            let approve = try await AuthAPIScriptTests.run(common + ["--username", "carol@example.com"])
            #expect(approve.status == 0, "\(approve.output)\n\(server.errors.text)")
            #expect(approve.output.contains("auth/status: allow"), "\(approve.output)")
            for (answer, user, status) in [("reject", "dave@example.com", "deny"), ("fraud", "erin@example.com", "fraud"),
                                           ("expire", "frank@example.com", "timeout")] {
                let run = try await AuthAPIScriptTests.run(common + ["--username", user, "--phone-answer", answer])
                #expect(run.status == 1, "\(run.output)")
                #expect(run.output.contains("auth/status: deny (\(status):"), "\(run.output)")
            }

            // The QR image over HTTPS (curl trusting the certificate), decoded as a camera would.
            let enroll = try await Shell.run("/usr/bin/env", ["python3", "-c", Self.enrollAndPrintQRURL, server.url, server.certificate], in: folder)
            let qrURL = enroll.output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(qrURL.hasPrefix(server.url + "/srv/auth/v1/activation/"), "\(enroll.output)")
            let png = folder.appendingPathComponent("qr.png").path
            let fetched = try await Shell.run("/usr/bin/curl", ["--silent", "--fail", "--cacert", server.certificate, "-o", png, qrURL], in: folder)
            #expect(fetched.status == 0, "\(fetched.output)")
            let decoded = try await ZBar.decode(try Data(contentsOf: URL(fileURLWithPath: png)))
            #expect(decoded.hasPrefix("futurae://enroll?activation_code="), "\(decoded)")
            // Untrusted (no --cacert): refused for its certificate.
            let untrusted = try await Shell.run("/usr/bin/curl", ["--silent", "--show-error", "-o", "/dev/null", qrURL], in: folder)
            #expect(untrusted.status != 0 && untrusted.output.lowercased().contains("certificate"), "\(untrusted.output)")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        // Restarted, the same certificate is reused (a trust given to it lasts).
        let before = try String(contentsOfFile: database + ".tls-cert.pem", encoding: .utf8)
        let again = try await Self.start(database: database)
        await again.stop()
        #expect(try String(contentsOfFile: database + ".tls-cert.pem", encoding: .utf8) == before)
    }

    /// A request that does not arrive in time is answered 408 through TLS, as any answer (the deadline
    /// sits behind TLS's handler): the client decrypts it; never plaintext bytes on a TLS connection,
    /// which a client reads as a broken record.
    @Test func aRequestTimeoutOverTLSIsAnsweredThroughTLS() async throws {
        let folder = TemporaryFolder.make()
        let server = try await Self.start(database: folder.appendingPathComponent("world.db").path, ["--request-timeout", "1s"])
        let port = String(server.url.split(separator: ":").last ?? "")
        let run = try await Shell.run("/usr/bin/env", ["python3", "-c", Self.halfARequestOverTLS, port, server.certificate], in: folder)
        await server.stop()
        #expect(run.output.hasPrefix("TLS:HTTP/1.1 408 Request Timeout"), "\(run.output)")
        #expect(run.output.contains(#"{"error":"the request did not arrive in time"}"#), "\(run.output)")
    }

    /// Half a request head over TLS (the certificate trusted), then everything read until the server
    /// closes: `TLS:` and what was decrypted, or `SSLERROR:` when the bytes were not TLS records.
    static let halfARequestOverTLS = """
        import socket, ssl, sys
        context = ssl.create_default_context(cafile=sys.argv[2])
        connection = context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=120), server_hostname="localhost")
        connection.sendall(b"GET /healthz HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nX-Slow: ")
        data = b""
        try:
            while True:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                data += chunk
        except ssl.SSLEOFError:
            pass  # closed without close_notify: what was decrypted before stands
        except ssl.SSLError as error:
            print("SSLERROR:" + str(error), data)
            sys.exit(0)
        print("TLS:" + data.decode(errors="replace"))
        """

    /// A signed enroll through the demo script's own client class, printing the QR code's URL.
    static let enrollAndPrintQRURL = """
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location("demo", "\(AuthAPIScriptTests.script)")
        demo = importlib.util.module_from_spec(spec); spec.loader.exec_module(demo)
        server = demo.Server(sys.argv[1], "\(AuthAPITests.serviceId)", "\(AuthAPITests.key)", sys.argv[2])
        status, answer = server.signed("POST", "/srv/auth/v1/user/enroll", {"username": "grace@example.com"})
        print(answer["activation_qrcode_url"] if status == 200 else f"{status} {answer}")
        """
}

/// A command run to its end: exit status and its output (standard output and error together).
enum Shell {
    static func run(_ executable: String, _ arguments: [String], in folder: URL) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let data = await offThePool {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
