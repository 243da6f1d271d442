import ArgumentParser
import CursesTerminal
import Enrollment
import Foundation
import PIMS
import SimClient
import SimWorld
import Screens
import TerminalUI

/// The terminal UI (the default subcommand): the view-model's store, the screens, and the curses
/// driver, on the in-process simulator or a remote server.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Opens the terminal UI (the default)."
    )

    @OptionGroup var source: BackendOptions

    // The session's settings: each one not given comes from the scenario's default session
    // (legacy-sdk is SDK 2.0), or, on a server, from alice on alice-iphone, iOS, SDK 2.3.
    @Option(name: .long, help: "The account to log in as (default: the scenario's user).")
    var user: String?

    @Option(name: .long, help: "Its password (default: the scenario's, for a built-in account).")
    var password: String?

    @Option(name: .long, help: "The device id of this SDK instance (default: the scenario's).")
    var device: String?

    @Option(name: .long, help: "ios or android (default: the scenario's).")
    var platform: Platform?

    @Option(name: .long, help: "SDK version: 2.0, 2.1, 2.2 or 2.3 (default: the scenario's).")
    var sdk: SDKVersion?

    @Option(name: .long, help: "Spec variant: tutorial or reference (default: the scenario's).")
    var variant: SpecVariant?

    @Option(name: .long, help: "auto (checks run until input is needed) or step (every API call waits for Enter).")
    var pacing: Pacing = .auto

    @Flag(name: .long, help: "Monochrome even on a colour terminal (NO_COLOR=1 does the same).")
    var monochrome = false

    /// For the start-up benchmark: paint the first frame, then leave.
    @Flag(name: .long, help: .hidden)
    var exitAfterFirstFrame = false

    /// The session the TUI opens with: the flags given, the scenario's default session for the rest.
    func sessionConfig() throws -> SessionConfig {
        var config = SessionConfig()
        if let backend = source.backend {
            config.backend = .remote(url: backend)
        } else {
            let name = source.scenario ?? "fresh"
            // Refuse a bad scenario before curses takes the terminal, with the file, line and reason.
            let world: World
            do {
                world = try ScenarioLoader.load(.parse(name))
            } catch {
                throw CommandFailure("cannot load scenario: \(error)")
            }
            config.backend = .inProcess(scenario: name)
            let defaults = world.session
            config.device = defaults.device
            config.platform = defaults.platform
            config.sdk = defaults.sdk
            config.variant = defaults.variant
            if let username = defaults.user, let account = world.account(username) {
                config.username = username
                config.password = account.password
            }
        }
        if let user { config.username = user }
        if let password { config.password = password }
        if let device { config.device = device }
        if let platform { config.platform = platform }
        if let sdk { config.sdk = sdk }
        if let variant { config.variant = variant }
        config.pacing = pacing
        return config
    }

    func run() async throws {
        let config = try sessionConfig()
        let driver: CursesDriver
        do {
            driver = try CursesDriver(environment: ProcessInfo.processInfo.environment, monochrome: monochrome)
        } catch {
            throw TerminalUnavailable(reason: error.description)
        }
        let outcome = await TerminalApp(driver: driver, config: config, connector: BackendConnector(adminToken: source.resolvedAdminToken).open)
            .run(exitAfterFirstFrame: exitAfterFirstFrame)
        driver.teardown()
        if case .signal(let signal) = outcome { throw ExitCode(signal.exitStatus) }
    }
}

extension Platform: ExpressibleByArgument {}
extension SpecVariant: ExpressibleByArgument {}
extension Pacing: ExpressibleByArgument {}
extension SDKVersion: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { description }
}

/// Why the TUI could not take the terminal (not a terminal, unknown TERM): said plainly, no usage.
struct TerminalUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { "\(reason) (the TUI needs an interactive terminal; for scripts, see `enrollsim batch`)" }
}

/// A command that cannot go on, for a reason that is not the command line's shape: printed as
/// `Error: …` without the usage text, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
