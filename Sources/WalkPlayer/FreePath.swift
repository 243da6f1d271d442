import Foundation

/// A path to write to that replaces nothing: `name` in `directory`, or `name-2`, `name-3` … when a
/// file with that name and one of `extensions` exists (screenshots and session exports share it).
public enum FreePath {
    /// The path without extension: each `base + "." + ext` is free.
    public static func base(directory: String, name: String, extensions: [String]) -> String {
        let taken = { (base: String) in extensions.contains { FileManager.default.fileExists(atPath: base + "." + $0) } }
        var base = (directory as NSString).appendingPathComponent(name)
        var n = 2
        while taken(base) {
            base = (directory as NSString).appendingPathComponent("\(name)-\(n)")
            n += 1
        }
        return base
    }
}
