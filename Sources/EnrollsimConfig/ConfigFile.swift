import Foundation
import TOMLKit

/// `config.toml`, read strictly: a syntax error, an unknown key, a wrong type or a bad value is
/// refused with the file, the line and the reason, and nothing of the file is used.
///
/// ```toml
/// backend = "http://team-host:8080"
/// device = "ana-pixel"
/// platform = "android"
/// theme = "light"
/// ```
public struct ConfigFile: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public let value: ConfigValue
        public let line: Int
    }

    public let path: String
    public let entries: [ConfigKey: Entry]

    /// `$XDG_CONFIG_HOME/enrollsim/config.toml`, else `~/.config/enrollsim/config.toml`. A relative
    /// XDG_CONFIG_HOME is ignored, as the XDG base directory specification says.
    public static func defaultPath(environment: [String: String]) -> String {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return configHome + "/enrollsim/config.toml"
        }
        return homeDirectory(environment) + "/.config/enrollsim/config.toml"
    }

    static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The file at `path`, or nil when there is none (every setting then has its default).
    public static func load(path: String) throws(ConfigError) -> ConfigFile? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw ConfigError(.file(path: path, line: nil), "is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(.file(path: path, line: nil), "cannot be read (check its permissions)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(.file(path: path, line: nil), "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws(ConfigError) -> ConfigFile {
        // toml++ reads up to a NUL and TOML forbids control characters: refuse them here with a line.
        if let nul = text.firstIndex(of: "\0") {
            throw ConfigError(.file(path: path, line: text[..<nul].count(where: { $0 == "\n" }) + 1), "contains a NUL character")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(.file(path: path, line: error.source.begin.line), "TOML syntax: \(error.description)")
        } catch {
            throw ConfigError(.file(path: path, line: nil), "TOML syntax: \(error)")
        }

        let lines = KeyLines.scan(text)
        var entries: [ConfigKey: Entry] = [:]
        var refusals: [ConfigError] = []
        for (name, value) in table {
            let line = lines[name]
            let place = ConfigError.Place.file(path: path, line: line)
            guard let key = ConfigKey(rawValue: name) else {
                let what = value.type == .table ? "unknown table" : "unknown key"
                refusals.append(ConfigError(place, "\(what) \(quoted(name)) (known keys: \(ConfigKey.allCases.map(\.name).joined(separator: ", ")))"))
                continue
            }
            let given: ConfigValue
            switch value.type {
            case .string: given = .string(value.string ?? "")
            case .bool: given = .bool(value.bool ?? false)
            default:
                refusals.append(ConfigError(place, "\(key.name) must be \(key.expected), not \(Self.article(value.type))"))
                continue
            }
            if let reason = key.refusal(of: given) {
                refusals.append(ConfigError(place, reason))
            } else {
                entries[key] = Entry(value: given, line: line ?? 1)
            }
        }
        // One refusal is reported: the first in the file, so that fixing from the top works.
        if let first = refusals.min(by: { ($0.line ?? 0, $0.reason) < ($1.line ?? 0, $1.reason) }) { throw first }
        return ConfigFile(path: path, entries: entries)
    }

    private static func article(_ type: TOMLType) -> String {
        switch type {
        case .int: "an integer"
        case .double: "a number"
        case .array: "an array"
        case .table: "a table (the file has no sections)"
        case .date, .time, .dateTime: "a \(type.description)"
        case .string, .bool: "a \(type.description)"
        }
    }
}
