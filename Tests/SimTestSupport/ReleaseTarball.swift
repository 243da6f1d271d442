import Foundation

/// A release tarball (scripts/release.sh) unpacked as a user unpacks it: `tar -xzf` into an empty
/// folder of its own, outside the source tree.
public enum ReleaseTarball {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder the tarball holds (`enrollsim-VERSION-linux-ARCH`), unpacked under a new temporary folder.
    public static func unpack(_ tarball: URL) throws -> URL {
        let place = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-unpacked-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let untar = Process()
        untar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        untar.arguments = ["-xzf", tarball.path, "-C", place.path]
        untar.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(untar)
        untar.waitUntilExit()
        guard untar.terminationStatus == 0 else { throw Failure(description: "tar -xzf \(tarball.path) exited \(untar.terminationStatus)") }
        return place.appendingPathComponent(tarball.lastPathComponent.replacingOccurrences(of: ".tar.gz", with: ""))
    }
}
