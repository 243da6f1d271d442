import Enrollment
import EnrollsimConfig

/// What the terminal UI starts with from its command line, as plain values with their defaults
/// here, in one place. `TUICommand` (ArgumentParser) maps its flags into it; `enrollsim` alone,
/// the usual start, is `TUIOptions()` without ArgumentParser, which would reflect the command's
/// options (`Mirror`, protocol casts) to parse no arguments. `TUIOptionsTests` keeps the two equal.
struct TUIOptions: Equatable, Sendable {
    var source = WorldSource()
    var session = SessionChoice()
    var record: String?
    var noMouse = false
    /// For the start-up benchmark: paint the first frame, then leave.
    var exitAfterFirstFrame = false
}

/// Where the simulated world lives (`BackendOptions`' values): the in-process simulator on a
/// scenario, or a team server with its admin token. Not given, each comes from the environment
/// and the configuration file (`StartupSettings`).
struct WorldSource: Equatable, Sendable {
    var scenario: String?
    var backend: String?
    var adminToken: String?

    /// The flags that are settings, for the resolution against the environment and the file.
    var settingFlags: [ConfigKey: Settings.Flag] {
        var flags: [ConfigKey: Settings.Flag] = [:]
        if let scenario { flags[.scenario] = .init("--scenario", scenario) }
        if let backend { flags[.backend] = .init("--backend", backend) }
        return flags
    }
}

/// The session and appearance (`SessionOptions`' values). Each one not given comes from the
/// environment, then the configuration file, then the scenario's default session.
struct SessionChoice: Equatable, Sendable {
    var user: String?
    var password: String?
    var device: String?
    /// Each system's own options given as flags (`--platform`, `--lock-type`).
    var systemOptions = SessionFlags()
    var pacing = Pacing.auto
    var theme: ThemeName?
    var monochrome = false

    /// The flags that are settings, for the resolution against the environment and the file.
    var settingFlags: [ConfigKey: Settings.Flag] {
        var flags: [ConfigKey: Settings.Flag] = [:]
        if let user { flags[.user] = .init("--user", user) }
        if let device { flags[.device] = .init("--device", device) }
        // A system's option that is also a setting (PIMS's platform and SDK): the flag is its layer.
        for given in systemOptions.given {
            if let key = ConfigKey(rawValue: given.option) { flags[key] = .init("--\(given.flag)", given.value) }
        }
        if let theme { flags[.theme] = .init("--theme", theme.rawValue) }
        if monochrome { flags[.theme] = .init("--monochrome", ThemeName.mono.rawValue) }
        return flags
    }
}
