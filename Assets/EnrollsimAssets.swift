import Foundation

/// The files under `Assets/`, shipped as the package's resource bundle.
public enum EnrollsimAssets {
    /// The folder holding the built-in scenarios (`*.yaml`).
    public static var scenariosDirectory: URL {
        resources.appendingPathComponent("scenarios", isDirectory: true)
    }

    /// The folder holding the demo tours (walks, `*.jsonl`).
    public static var walksDirectory: URL {
        resources.appendingPathComponent("walks", isDirectory: true)
    }

    /// The resource bundle's folder. Where SwiftPM's `Bundle.module` looks first, beside the
    /// executable (after symbolic links: an installed tarball), found without Foundation's `Bundle`,
    /// which lists the executable's folder twice and builds a bundle for it and for the resources
    /// (a twentieth of the TUI's start-up); anywhere else (a test runner), `Bundle.module`'s answer.
    static let resources: URL = {
        if let executable = executablePath() {
            let beside = URL(fileURLWithPath: executable).deletingLastPathComponent()
                .appendingPathComponent("enrollsim_EnrollsimAssets.resources", isDirectory: true)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: beside.path, isDirectory: &isDirectory), isDirectory.boolValue { return beside }
        }
        return Bundle.module.resourceURL!
    }()

    /// The running executable's path, symbolic links resolved (Linux: `/proc/self/exe`).
    private static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
