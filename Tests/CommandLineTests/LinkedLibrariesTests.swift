import Foundation
import Testing

/// The terminal app does not pay for the HTTP client or the server's cryptography it does not use:
/// the binary names neither libcurl nor Foundation's networking (which would load libcurl and its
/// two dozen dependencies at every start), nor libcrypto; the client opens libcurl itself on its
/// first request, `serve` opens libcrypto when it starts, and each says what to install when its
/// library is missing.
@Suite struct LinkedLibrariesTests {
    @Test func theBinaryNamesNoHTTPLibrary() throws {
        let dynamic = try Run.program(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", Run.enrollsim.path], environment: Run.environment())
        #expect(dynamic.status == 0, "\(dynamic.stderr)")
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        // Read at all: the binary needs the C library, and ncurses for the terminal.
        #expect(needed.contains { $0.contains("libc.so") }, "\(dynamic.stdout)")
        #expect(needed.contains { $0.contains("libncursesw") }, "\(dynamic.stdout)")
        let http = needed.filter { $0.contains("libcurl") || $0.contains("FoundationNetworking") }
        #expect(http.isEmpty, "\(http)")
        #expect(!needed.contains { $0.contains("libcrypto") || $0.contains("libssl") }, "\(needed)")
    }

    /// libcrypto hidden in a mount namespace of its own: the terminal app's own paths (a scenario
    /// loaded, a batch line in process) run; `serve` stops before anything starts, saying what to install.
    @Test func withoutLibcryptoOnlyTheServerStopsAndSaysWhatToInstall() throws {
        let library = try #require(["/usr/lib/x86_64-linux-gnu/libcrypto.so.3", "/usr/lib/aarch64-linux-gnu/libcrypto.so.3"]
            .first { FileManager.default.fileExists(atPath: $0) }, "libcrypto.so.3 is where Debian puts it")
        func hidden(_ arguments: String, input: String = "") throws -> Run.Outcome {
            let script = #"mount --bind /dev/null "$1" && exec "$2" "# + arguments
            return try Run.program(URL(fileURLWithPath: "/usr/bin/unshare"), ["-m", "/bin/sh", "-c", script, "sh", library, Run.enrollsim.path],
                                   environment: Run.environment(), input: input)
        }
        let batch = try hidden("batch --scenario enrolled", input: #"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"# + "\n")
        #expect(batch.status == 0 && batch.stdout.contains(#""status":"SUCCEEDED""#), "\(batch.stdout) \(batch.stderr)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-libcrypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("world.db").path
        let serve = try hidden("serve --port 0 --db '\(database)'")
        #expect(serve.status == 72, "\(serve.stdout) \(serve.stderr)")
        #expect(serve.stderr.contains("libcrypto.so.3") && serve.stderr.contains("apt-get install libssl3"), "\(serve.stderr)")
        // Refused before the database is touched.
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test func withoutLibcurlARequestSaysWhatToInstall() throws {
        // libcurl hidden in a mount namespace of its own (as root, as HTTPSProxyTests does).
        let library = try #require(["/usr/lib/x86_64-linux-gnu/libcurl.so.4", "/usr/lib/aarch64-linux-gnu/libcurl.so.4"]
            .first { FileManager.default.fileExists(atPath: $0) }, "libcurl.so.4 is where Debian puts it")
        let script = #"mount --bind /dev/null "$1" && exec "$2" batch --backend http://127.0.0.1:9"#
        let outcome = try Run.program(URL(fileURLWithPath: "/usr/bin/unshare"),
                                      ["-m", "/bin/sh", "-c", script, "sh", library, Run.enrollsim.path],
                                      environment: Run.environment(["ENROLLSIM_ADMIN_TOKEN": "admin-token-0123456789"]),
                                      input: #"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"# + "\n")
        #expect(outcome.stdout.contains("2202"), "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stdout.contains("needs libcurl") && outcome.stdout.contains("apt-get install libcurl4"), "\(outcome.stdout) \(outcome.stderr)")
    }
}
