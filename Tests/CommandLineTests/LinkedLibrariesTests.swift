import Foundation
import Testing

/// The terminal app does not pay for the HTTP client it does not use: the binary names neither
/// libcurl nor Foundation's networking (which would load libcurl and its two dozen dependencies
/// at every start); the client opens libcurl itself on its first request, and says what to install
/// when it is missing.
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
