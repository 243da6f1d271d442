import ArgumentParser
import Enrollment
import EnrollsimConfig
import Foundation
import SimKernel

/// `enrollsim config`: the effective settings and where each came from, for the same command line
/// as the TUI's. A bad configuration is refused here exactly as at start-up (exit 2).
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Prints the effective settings and where each came from (flag, environment, file:line, default).",
        usage: "enrollsim config [<options>]",
        discussion: """
            The settings file is $XDG_CONFIG_HOME/enrollsim/config.toml (else ~/.config/enrollsim/config.toml): \
            TOML, one `key = value` a line, no sections. A flag overrides the environment, which overrides \
            the file, which overrides the default. Keys and their environment variables: \
            \(ConfigKey.allCases.map { key in key.name + (key.environmentVariable.map { " (\($0))" } ?? "") }.joined(separator: ", ")). \
            NO_COLOR=1 means theme mono unless ENROLLSIM_THEME or --theme says otherwise. The admin token is \
            never in config.toml: it comes from --admin-token, ENROLLSIM_ADMIN_TOKEN, or the file that \
            admin-token-file names, which must be readable by its owner only (chmod 600).

            \(SessionOptions.systemFlagsHelp)
            """
    )

    @OptionGroup var source: BackendOptions
    @OptionGroup var session: SessionOptions

    func run() async throws {
        let settings = try StartupSettings.load(flags: source.values.settingFlags.merging(session.values.settingFlags) { $1 },
                                                adminToken: source.adminToken)
        let session = try TUISession.config(settings: settings, options: session.values)
        CommandOutput.print(EffectiveSettingsReport(settings: settings, session: session).text, terminator: "")
    }
}

/// The report `enrollsim config` prints: one line per setting, `key  value  source`.
struct EffectiveSettingsReport {
    let settings: Settings
    let session: SessionConfig

    var text: String {
        var rows: [(String, String, String)] = []
        rows.append(("file", settings.configPath, settings.configFileFound ? "read" : "not found (nothing set there)"))
        if let backend = settings.string(.backend) {
            rows.append(("backend", backend.value, backend.source.description))
        } else {
            rows.append(("backend", "in-process simulator", "default"))
            let scenario = settings.string(.scenario) ?? Sourced(Settings.defaultScenario, from: .builtIn)
            rows.append(("scenario", scenario.value, scenario.source.description))
        }
        // Not set anywhere, the session's values are the scenario's default session's (or, on a
        // server, the built-in alice-iphone session's).
        let sessionDefault = settings.string(.scenario).map { "default: scenario \($0.value)'s session" } ?? "default"
        func row(_ key: ConfigKey, _ effective: String) {
            rows.append((key.name, effective, settings[key]?.source.description ?? sessionDefault))
        }
        row(.user, session.username)
        row(.device, session.device)
        row(.platform, session.platform.rawValue)
        row(.sdk, session.sdk.description)
        for key in [ConfigKey.system, .theme, .mouse] {
            let sourced = settings[key]!
            rows.append((key.name, sourced.value.description, sourced.source.description))
        }
        if let token = settings.adminToken {
            var source = token.source.description
            if case .file = token.source, let file = settings.string(.adminTokenFile) { source += " (admin-token-file \(file.value))" }
            rows.append(("admin-token", token.value.description, source))
        } else {
            rows.append(("admin-token", "none", "--admin-token, ENROLLSIM_ADMIN_TOKEN or admin-token-file"))
        }
        // Values from flags, the environment and the file, shown under the one rule (before the
        // columns are measured, so that they line up).
        rows = rows.map { ($0.0, $0.1.escapingControlCharacters, $0.2.escapingControlCharacters) }
        let keyWidth = rows.map(\.0.count).max()! + 2
        let valueWidth = rows.dropFirst().map(\.1.count).max()! + 2
        return rows.map { key, value, source in
            let padded = key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
            // The file's path is long: its source goes on the same line after two spaces.
            let paddedValue = key == "file" ? value + "  " : value.padding(toLength: max(valueWidth, value.count + 2), withPad: " ", startingAt: 0)
            return padded + paddedValue + source + "\n"
        }.joined()
    }
}
