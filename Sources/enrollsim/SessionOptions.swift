import ArgumentParser
import Enrollment
import EnrollsimConfig
import PIMS

/// The TUI's session and appearance flags, shared with `enrollsim config` so that it can show
/// what the TUI would use with the same command line.
struct SessionOptions: ParsableArguments {
    // Each one not given comes from the environment, then the configuration file, then the
    // scenario's default session (legacy-sdk is SDK 2.0), or, on a server, alice on alice-iphone.
    @Option(name: .long, help: "The account to log in as (default: the scenario's user).")
    var user: String?

    @Option(name: .long, help: "Its password (default: the scenario's, for a built-in account).")
    var password: String?

    @Option(name: .long, help: "The device id of this SDK instance (default: the scenario's).")
    var device: String?

    @Option(name: .long, help: "PIMS: ios or android (default: the scenario's).")
    var platform: Platform?

    @Option(name: .long, help: "PIMS: the SDK version, 2.0, 2.1, 2.2 or 2.3 (default: the scenario's).")
    var sdk: SDKVersion?

    @Option(name: .long, help: "PIMS: the spec variant, tutorial or reference (default: the scenario's).")
    var variant: SpecVariant?

    @Option(name: .long, help: "auto (checks run until input is needed) or step (every API call waits for Enter).")
    var pacing: Pacing = .auto

    @Option(name: .long, help: "dark, light (dark text on white, for projectors) or mono (default: dark; NO_COLOR=1 means mono).")
    var theme: ThemeName?

    @Flag(name: .long, help: "Monochrome even on a colour terminal: the same as --theme mono.")
    var monochrome = false

    func validate() throws {
        if monochrome, let theme, theme != .mono {
            throw ValidationError("--monochrome and --theme \(theme.rawValue) disagree: give one")
        }
    }

    /// The flags that are settings, for the resolution against the environment and the file.
    var settingFlags: [ConfigKey: Settings.Flag] {
        var flags: [ConfigKey: Settings.Flag] = [:]
        if let user { flags[.user] = .init("--user", user) }
        if let device { flags[.device] = .init("--device", device) }
        if let platform { flags[.platform] = .init("--platform", platform.rawValue) }
        if let sdk { flags[.sdk] = .init("--sdk", sdk.description) }
        if let theme { flags[.theme] = .init("--theme", theme.rawValue) }
        if monochrome { flags[.theme] = .init("--monochrome", ThemeName.mono.rawValue) }
        return flags
    }
}

extension Platform: ExpressibleByArgument {}
extension SpecVariant: ExpressibleByArgument {}
extension Pacing: ExpressibleByArgument {}
extension ThemeName: ExpressibleByArgument {}
extension SDKVersion: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { description }
}
