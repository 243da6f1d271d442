import Foundation

/// Paths written in the configuration file.
enum Paths {
    /// `~/x` is in the home folder; a relative path is relative to the configuration file's folder.
    static func resolve(_ path: String, relativeTo configPath: String, environment: [String: String]) -> String {
        if path == "~" { return ConfigFile.homeDirectory(environment) }
        if path.hasPrefix("~/") { return ConfigFile.homeDirectory(environment) + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
    }

    /// A scenario value names a file, not a built-in, when it has a `/` or a `.yaml`/`.yml` ending:
    /// the rule the scenario loader applies to `--scenario`.
    static func isScenarioFile(_ value: String) -> Bool {
        value.contains("/") || value.hasSuffix(".yaml") || value.hasSuffix(".yml")
    }
}
