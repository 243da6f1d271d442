/// Where a setting came from, highest precedence first: a flag, the environment, the file, the
/// built-in default.
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
    case flag(String)
    case environment(String)
    case file(path: String, line: Int)
    case builtIn

    public var description: String {
        switch self {
        case .flag(let name): "flag \(name)"
        case .environment(let name): "env \(name)"
        case .file(let path, let line): "\(path):\(line)"
        case .builtIn: "default"
        }
    }

    /// Lower is stronger.
    var rank: Int {
        switch self {
        case .flag: 0
        case .environment: 1
        case .file: 2
        case .builtIn: 3
        }
    }
}

/// A resolved value and its source.
public struct Sourced<Value: Sendable & Hashable>: Sendable, Hashable {
    public let value: Value
    public let source: SettingSource

    public init(_ value: Value, from source: SettingSource) {
        self.value = value
        self.source = source
    }

    /// A refusal of this value, placed where it was given (the file's line, the variable, the flag).
    public func refusal(_ reason: String) -> ConfigError {
        ConfigError(at: source, reason)
    }
}

/// Why the settings cannot be used: where, and the reason. Printed as one line:
/// `/home/ana/.config/enrollsim/config.toml:3: theme must be dark, light or mono, not "blue"`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Place: Hashable, Sendable {
        case file(path: String, line: Int?)
        case environment(String)
        case flag(String)
        case builtIn
    }

    public let place: Place
    public let reason: String

    public init(_ place: Place, _ reason: String) {
        self.place = place
        self.reason = reason
    }

    init(at source: SettingSource, _ reason: String) {
        switch source {
        case .flag(let name): self.init(.flag(name), reason)
        case .environment(let name): self.init(.environment(name), reason)
        case .file(let path, let line): self.init(.file(path: path, line: line), reason)
        case .builtIn: self.init(.builtIn, reason)
        }
    }

    /// The line in the file, for a refusal of the file.
    public var line: Int? {
        if case .file(_, let line) = place { return line }
        return nil
    }

    public var description: String {
        switch place {
        case .file(let path, let line?): "\(path):\(line): \(reason)"
        case .file(let path, nil): "\(path): \(reason)"
        case .environment(let name): "\(name): \(reason)"
        case .flag(let name): "\(name): \(reason)"
        case .builtIn: "default: \(reason)"
        }
    }
}
