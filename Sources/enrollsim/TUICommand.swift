import ArgumentParser
import CursesTerminal
import Enrollment
import Foundation
import PIMS
import PIMSClient
import PIMSSimulator
import Screens
import TerminalUI

/// The terminal UI (the default subcommand): the view-model's store, the screens, and the curses
/// driver, on the in-process simulator or a remote server.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Opens the terminal UI (the default)."
    )

    @Option(name: .long, help: "A built-in scenario name or a scenario file (YAML), for the in-process simulator.")
    var scenario: String = "fresh"

    @Option(name: .long, help: "A server's URL (http://HOST:PORT, `enrollsim serve`) instead of the in-process simulator.")
    var backend: String?

    @Option(name: .long, help: "The server's admin token (or ENROLLSIM_ADMIN_TOKEN): the simulator panel needs it.")
    var adminToken: String?

    @Option(name: .long, help: "The account to log in as.")
    var user: String = "alice@example.com"

    @Option(name: .long, help: "Its password.")
    var password: String = "alice-pass"

    @Option(name: .long, help: "The device id of this SDK instance.")
    var device: String = "alice-iphone"

    @Option(name: .long, help: "ios or android.")
    var platform: Platform = .ios

    @Option(name: .long, help: "SDK version: 2.0, 2.1, 2.2 or 2.3.")
    var sdk: SDKVersion = .v2_3

    @Option(name: .long, help: "Spec variant: tutorial or reference.")
    var variant: SpecVariant = .tutorial

    @Option(name: .long, help: "auto (checks run until input is needed) or step (every API call waits for Enter).")
    var pacing: Pacing = .auto

    @Flag(name: .long, help: "Monochrome even on a colour terminal (NO_COLOR=1 does the same).")
    var monochrome = false

    /// For the start-up benchmark: paint the first frame, then leave.
    @Flag(name: .long, help: .hidden)
    var exitAfterFirstFrame = false

    func validate() throws {
        if let backend {
            do {
                _ = try PIMSClient(url: backend, adminToken: nil)
            } catch {
                throw ValidationError(error.description)
            }
            return
        }
        // Refuse a bad scenario before curses takes the terminal, with the file, line and reason.
        do {
            _ = try ScenarioLoader.load(.parse(scenario))
        } catch {
            throw ValidationError("cannot load scenario: \(error)")
        }
    }

    func run() async throws {
        let choice: BackendChoice = backend.map { .remote(url: $0) } ?? .inProcess(scenario: scenario)
        let config = SessionConfig(backend: choice, username: user, password: password, device: device,
                                   platform: platform, sdk: sdk, variant: variant, pacing: pacing)
        let driver: CursesDriver
        do {
            driver = try CursesDriver(environment: ProcessInfo.processInfo.environment, monochrome: monochrome)
        } catch {
            throw TerminalUnavailable(reason: error.description)
        }
        let outcome = await TerminalApp(driver: driver, config: config, connector: BackendConnector(adminToken: adminToken ?? ProcessInfo.processInfo.environment["ENROLLSIM_ADMIN_TOKEN"]).open)
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
