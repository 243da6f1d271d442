/// A setting a person sets once, in `config.toml`, in the environment or on the command line. The
/// keys, their environment variables and the values each accepts are the file's format:
/// `enrollsim config` and the manual page are written from this one list, docs/configuration.md
/// describes it.
public enum ConfigKey: String, CaseIterable, Sendable, Hashable {
    case backend, scenario, user, device, platform, sdk, system, theme, mouse
    case adminTokenFile = "admin-token-file"

    /// The key's name in `config.toml`.
    public var name: String { rawValue }

    /// The environment variable that overrides the file. `admin-token-file` has none: the
    /// environment gives the token itself (`ENROLLSIM_ADMIN_TOKEN`).
    public var environmentVariable: String? {
        self == .adminTokenFile ? nil : "ENROLLSIM_" + rawValue.uppercased()
    }

    /// What the key means, in one line (for `enrollsim config` and the manual page).
    public var summary: String {
        switch self {
        case .backend: "a team server's URL (`enrollsim serve`) instead of the in-process simulator"
        case .scenario: "the in-process simulator's scenario: a built-in name or a YAML file"
        case .user: "the account the TUI logs in as"
        case .device: "the device id of this SDK instance"
        case .platform: "ios or android"
        case .sdk: "the SDK version: \(Self.sdkVersions.joined(separator: ", "))"
        case .system: "the enrollment system: \(Self.systems.joined(separator: ", ")) (Futurae and Card come from their scenarios)"
        case .theme: "the TUI's colours: \(ThemeName.allCases.map(\.rawValue).joined(separator: ", "))"
        case .mouse: "mouse clicks in the TUI (menus, list rows, buttons, the help bar), true or false; --no-mouse turns them off"
        case .adminTokenFile: "a file holding the server's admin token, readable by its owner only"
        }
    }

    // The domains of the PIMS values, as the file spells them; a test keeps them equal to the
    // PIMS module's own lists (this library depends on TOMLKit only).
    public static let platforms = ["ios", "android"]
    public static let sdkVersions = ["2.0", "2.1", "2.2", "2.3"]
    /// The systems enrollsim simulates.
    public static let systems = ["pims"]
    /// Systems simulated but not yet chosen by this setting (their scenarios choose them): the file
    /// may name them, and is told how to reach them.
    public static let plannedSystems = ["futurae", "card"]

    var isBoolean: Bool { self == .mouse }
}

/// The TUI's themes: `dark` (colours on the terminal's own background), `light` (dark text on a
/// light background, for projectors) and `mono` (attributes only).
public enum ThemeName: String, CaseIterable, Sendable, Hashable {
    case dark, light, mono
}

/// A value as a layer gives it: TOML has strings and booleans for these keys; the environment and
/// the flags give strings.
public enum ConfigValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}
