import ArgumentParser
import Enrollment
import EnrollsimConfig
import PIMS

/// The TUI's session and appearance flags, shared with `enrollsim config` so that it can show
/// what the TUI would use with the same command line. Its values, and their defaults: `SessionChoice`.
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
    var pacing = SessionChoice().pacing

    @Option(name: .long, help: "dark, light (dark text on white, for projectors) or mono (default: dark; NO_COLOR=1 means mono).")
    var theme: ThemeName?

    @Flag(name: .long, help: "Monochrome even on a colour terminal: the same as --theme mono.")
    var monochrome = SessionChoice().monochrome

    func validate() throws {
        if monochrome, let theme, theme != .mono {
            throw ValidationError("--monochrome and --theme \(theme.rawValue) disagree: give one")
        }
    }

    var values: SessionChoice {
        SessionChoice(user: user, password: password, device: device, platform: platform, sdk: sdk,
                      variant: variant, pacing: pacing, theme: theme, monochrome: monochrome)
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
