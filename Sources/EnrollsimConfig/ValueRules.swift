import Foundation

extension ConfigKey {
    /// Why this key does not accept the value, or nil: the same rules for every layer, so a value
    /// refused in the file is refused in the environment too.
    func refusal(of value: ConfigValue) -> String? {
        switch (isBoolean, value) {
        case (true, .bool), (false, .string): break
        case (true, .string(let text)): return "\(name) must be true or false, not \(quoted(text))"
        case (false, .bool): return "\(name) must be \(expected), not a boolean"
        }
        guard case .string(let text) = value else { return nil }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return "\(name) must not be empty" }
        switch self {
        case .platform: return oneOf(Self.platforms, text)
        case .sdk: return oneOf(Self.sdkVersions, text)
        case .theme: return oneOf(ThemeName.allCases.map(\.rawValue), text)
        case .system:
            if Self.plannedSystems.contains(text) {
                return "system \(quoted(text)) cannot be chosen in the settings yet: the terminal UI takes Futurae or Card from the scenario (futurae-*, card-*) or from y on the session screen"
            }
            return oneOf(Self.systems, text)
        case .backend:
            // The client checks the URL fully when it connects; the scheme and host are checked
            // here so that a typo is refused before anything starts.
            guard let url = URLComponents(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
                  let host = url.host, !host.isEmpty else {
                return "backend must be an http:// or https:// URL such as http://team-host:8080, not \(quoted(text))"
            }
            if let port = url.port, !(1...65_535).contains(port) { return "backend's port must be 1 to 65535, not \(port)" }
            return nil
        case .scenario, .user, .device, .adminTokenFile, .mouse:
            return nil
        }
    }

    /// What a value of this key looks like, for type refusals.
    var expected: String {
        switch self {
        case .mouse: "true or false"
        case .sdk: "a string in quotes (sdk = \"2.3\")"
        default: "a string"
        }
    }

    private func oneOf(_ allowed: [String], _ text: String) -> String? {
        allowed.contains(text) ? nil : "\(name) must be \(Self.alternatives(allowed)), not \(quoted(text))"
    }

    static func alternatives(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

/// A value as it was written, quoted, so that spaces and empty strings show.
func quoted(_ text: String) -> String { "\"\(text)\"" }

extension ConfigValue {
    /// An environment variable's text: booleans are spelt true/false, on/off, yes/no or 1/0 there.
    static func fromEnvironment(_ text: String, for key: ConfigKey) -> ConfigValue {
        guard key.isBoolean else { return .string(text) }
        switch text.lowercased() {
        case "true", "on", "yes", "1": return .bool(true)
        case "false", "off", "no", "0": return .bool(false)
        default: return .string(text)
        }
    }
}
