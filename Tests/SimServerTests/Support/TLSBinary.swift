import Foundation
import SimTestSupport

/// A build of enrollsim that serves HTTPS, for the HTTPS tests: the release tarball's binary
/// (ENROLLSIM_RELEASE_TARBALL, unpacked once), one named by ENROLLSIM_TLS_BINARY, or the debug build
/// when `swift test --traits TLS` made it. Never built here.
enum TLSBinary {
    /// Why the HTTPS tests did not run, and the commands that run them.
    static let missing = "no enrollsim with HTTPS to test: run `swift test --traits TLS`, or give the release tarball, "
        + "ENROLLSIM_RELEASE_TARBALL=$(scripts/release.sh | tail -1) swift test (what .ci/run does)"

    static let found: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["ENROLLSIM_TLS_BINARY"], !given.isEmpty { return URL(fileURLWithPath: given) }
        if let tarball = environment["ENROLLSIM_RELEASE_TARBALL"], !tarball.isEmpty { return unpacked(tarball) }
        #if TLS
        return try? ServeProcess.binary
        #else
        return nil
        #endif
    }()

    private static func unpacked(_ tarball: String) -> URL? {
        let binary = (try? ReleaseTarball.unpack(URL(fileURLWithPath: tarball)))?.appendingPathComponent("bin/enrollsim")
        return binary.flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
    }
}
