import Foundation

/// The effective settings: for each key, the flag if one was given, else the environment, else the
/// file, else the default, each with its source. Resolving either gives settings that all hold or
/// refuses with one `ConfigError`: the program never starts half-configured.
public struct Settings: Sendable, Hashable {
    /// A flag given on the command line for a key: its spelling (`--monochrome`) and its value.
    public struct Flag: Sendable, Hashable {
        public let name: String
        public let value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The configuration file's path, whether or not it exists.
    public let configPath: String
    /// Whether the file existed (and was used).
    public let configFileFound: Bool
    private let values: [ConfigKey: Sourced<ConfigValue>]
    /// The server's admin token, if any layer gives one.
    public let adminToken: Sourced<Secret>?

    public static let defaultScenario = "fresh"
    public static let defaultSystem = "pims"
    public static let defaultTheme = ThemeName.dark
    public static let defaultMouse = true

    /// Reads the file (`configPath`, or the XDG default) and resolves every key.
    public static func load(flags: [ConfigKey: Flag], adminTokenFlag: String?, environment: [String: String],
                            configPath: String? = nil) throws(ConfigError) -> Settings {
        let path = configPath ?? ConfigFile.defaultPath(environment: environment)
        let file = try ConfigFile.load(path: path)
        return try resolve(flags: flags, adminTokenFlag: adminTokenFlag, environment: environment, file: file, configPath: path)
    }

    public static func resolve(flags: [ConfigKey: Flag], adminTokenFlag: String?, environment: [String: String],
                               file: ConfigFile?, configPath: String) throws(ConfigError) -> Settings {
        // An empty variable counts as unset, as NO_COLOR's convention has it.
        let environment = environment.filter { !$0.value.isEmpty }
        var values: [ConfigKey: Sourced<ConfigValue>] = [:]
        for key in ConfigKey.allCases {
            if let chosen = try choose(key, flags: flags, environment: environment, file: file) { values[key] = chosen }
        }
        try chooseWorld(&values)
        values[.scenario] = values[.scenario] ?? (values[.backend] == nil ? Sourced(.string(defaultScenario), from: .builtIn) : nil)
        values[.system] = values[.system] ?? Sourced(.string(defaultSystem), from: .builtIn)
        values[.theme] = values[.theme] ?? Sourced(.string(defaultTheme.rawValue), from: .builtIn)
        values[.mouse] = values[.mouse] ?? Sourced(.bool(defaultMouse), from: .builtIn)
        for key in [ConfigKey.scenario, .adminTokenFile] {
            // A path in the file is relative to the file's folder, not to wherever enrollsim starts.
            guard let sourced = values[key], case .file(let path, _) = sourced.source, case .string(let text) = sourced.value,
                  key == .adminTokenFile || Paths.isScenarioFile(text) else { continue }
            values[key] = Sourced(.string(Paths.resolve(text, relativeTo: path, environment: environment)), from: sourced.source)
        }
        let token = try AdminToken.resolve(flag: adminTokenFlag, environment: environment,
                                           tokenFile: values[.adminTokenFile])
        return Settings(configPath: configPath, configFileFound: file != nil, values: values, adminToken: token)
    }

    /// The strongest layer's value for a key, checked.
    private static func choose(_ key: ConfigKey, flags: [ConfigKey: Flag], environment: [String: String],
                               file: ConfigFile?) throws(ConfigError) -> Sourced<ConfigValue>? {
        let candidate: Sourced<ConfigValue>
        if let flag = flags[key] {
            candidate = Sourced(.string(flag.value), from: .flag(flag.name))
        } else if let variable = key.environmentVariable, let text = environment[variable] {
            candidate = Sourced(.fromEnvironment(text, for: key), from: .environment(variable))
        } else if key == .theme, environment["NO_COLOR"] != nil {
            // no-color.org: NO_COLOR asks for no colour; ENROLLSIM_THEME and --theme say more precisely.
            candidate = Sourced(.string(ThemeName.mono.rawValue), from: .environment("NO_COLOR"))
        } else if let entry = file?.entries[key], let file {
            // Checked when the file was read.
            return Sourced(entry.value, from: .file(path: file.path, line: entry.line))
        } else {
            return nil
        }
        if let reason = key.refusal(of: candidate.value) { throw candidate.refusal(reason) }
        return candidate
    }

    /// A backend and a scenario exclude each other: the stronger layer chooses the world, and one
    /// layer naming both is refused (the file at the later of the two lines).
    private static func chooseWorld(_ values: inout [ConfigKey: Sourced<ConfigValue>]) throws(ConfigError) {
        guard let backend = values[.backend], let scenario = values[.scenario] else { return }
        if backend.source.rank < scenario.source.rank {
            values[.scenario] = nil
        } else if scenario.source.rank < backend.source.rank {
            values[.backend] = nil
        } else {
            let later = [backend, scenario].max { $0.source.lineOrZero < $1.source.lineOrZero }!
            throw later.refusal("backend and scenario exclude each other (a server keeps its own world): keep one")
        }
    }

    /// A key's value and source; nil when no layer sets it and it has no default (device, platform,
    /// sdk and user then come from the scenario; backend means the in-process simulator).
    public subscript(key: ConfigKey) -> Sourced<ConfigValue>? { values[key] }

    public func string(_ key: ConfigKey) -> Sourced<String>? {
        guard let sourced = values[key], case .string(let text) = sourced.value else { return nil }
        return Sourced(text, from: sourced.source)
    }

    public var theme: Sourced<ThemeName> {
        let sourced = string(.theme)!
        return Sourced(ThemeName(rawValue: sourced.value)!, from: sourced.source)
    }

    public var mouse: Sourced<Bool> {
        guard let sourced = values[.mouse], case .bool(let on) = sourced.value else { return Sourced(Self.defaultMouse, from: .builtIn) }
        return Sourced(on, from: sourced.source)
    }
}

extension SettingSource {
    var lineOrZero: Int {
        if case .file(_, let line) = self { return line }
        return 0
    }
}

/// A secret that never prints itself: `enrollsim config` shows that a token is set, not the token.
public struct Secret: Sendable, Hashable, CustomStringConvertible {
    public let value: String
    public init(_ value: String) { self.value = value }
    public var description: String { "set (\(value.count) characters)" }
}
