import ArgumentParser
import Enrollment
import EnrollsimConfig

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

    /// Each system's own options (`--platform ios`, `--lock-type …`): the arguments no option here
    /// takes, read against the options the fronts declare (`SessionFlags`); `--help` lists them
    /// after the command's discussion (`SessionFlags.help`).
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var systemFlags: [String] = []

    @Option(name: .long, help: "auto (checks run until input is needed) or step (every API call waits for Enter).")
    var pacing = SessionChoice().pacing

    @Option(name: .long, help: "dark, light (dark text on white, for projectors) or mono (default: dark; NO_COLOR=1 means mono).")
    var theme: ThemeName?

    @Flag(name: .long, help: "Monochrome even on a colour terminal: the same as --theme mono.")
    var monochrome = SessionChoice().monochrome

    func validate() throws {
        _ = try Self.systemOptions(systemFlags)
        if monochrome, let theme, theme != .mono {
            throw ValidationError("--monochrome and --theme \(theme.rawValue) disagree: give one")
        }
    }

    var values: SessionChoice {
        SessionChoice(user: user, password: password, device: device, systemOptions: (try? Self.systemOptions(systemFlags)) ?? SessionFlags(),
                      pacing: pacing, theme: theme, monochrome: monochrome)
    }

    /// The systems' flags, checked; a refusal names the flag and what it takes, or the nearest flag.
    static func systemOptions(_ arguments: [String]) throws -> SessionFlags {
        do {
            return try SessionFlags.parse(arguments)
        } catch {
            let nearest = error.unknownFlag.map { UnknownCommand.nearest(to: $0, among: error.knownFlags) } ?? []
            throw ValidationError(error.description + (nearest.count == 1 ? ". Did you mean '--\(nearest[0])'?" : ""))
        }
    }

    /// The systems' flags for `--help`, from the fronts' declarations: a paragraph per system.
    static var systemFlagsHelp: String {
        "Each system's own options (not given: the scenario's). " + SessionFlags.help.joined(separator: " ")
    }
}

extension Pacing: ExpressibleByArgument {}
extension ThemeName: ExpressibleByArgument {}
