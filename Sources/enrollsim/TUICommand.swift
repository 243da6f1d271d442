import ArgumentParser
import CursesTerminal
import Enrollment
import EnrollsimConfig
import Foundation
import SimClient
import SimWorld
import Screens
import TerminalUI
import Walk

/// The terminal UI (the default subcommand): the view-model's store, the screens, and the curses
/// driver, on the in-process simulator or a remote server.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Opens the terminal UI (the default).",
        usage: "enrollsim tui [<options>]",
        discussion: """
            The system (PIMS, Futurae or Card) is the scenario's: `--scenario futurae-pin` opens Futurae, \
            `--scenario card-replacement` the card app, and `y` on the session screen switches. Settings \
            not given as flags come from the environment (ENROLLSIM_DEVICE, …), then from the \
            configuration file, then from the scenario's default session: `enrollsim config` shows which, \
            and where each came from.

            \(SessionOptions.systemFlagsHelp)
            """
    )

    @OptionGroup var source: BackendOptions
    @OptionGroup var session: SessionOptions

    @Option(name: .long, help: ArgumentHelp("Record the walk to this new file (JSON lines): every key, call and answer, control, event and step, for `enrollsim replay`, `export` and `coverage`.", valueName: "walk.jsonl"))
    var record: String?

    @Flag(name: .long, help: "Leave the mouse to the terminal (its own text selection): no clicks on menus, rows and buttons. The configuration file's `mouse = false` does the same.")
    var noMouse = TUIOptions().noMouse

    /// For the start-up benchmark: paint the first frame, then leave.
    @Flag(name: .long, help: .hidden)
    var exitAfterFirstFrame = TUIOptions().exitAfterFirstFrame

    /// The flags' values: what the terminal UI runs with.
    var options: TUIOptions {
        TUIOptions(source: source.values, session: session.values, record: record, noMouse: noMouse,
                   exitAfterFirstFrame: exitAfterFirstFrame)
    }

    func run() async throws {
        try await options.run(on: nil)
    }
}

extension TUIOptions {
    /// - Parameter executor: the executor of the thread this runs on, whose loop the terminal app
    ///   takes over (`EnrollsimMain`); `nil`: the app's loop gets a thread of its own.
    func run(on executor: LoopExecutor?) async throws {
        let settings = try StartupSettings.load(flags: source.settingFlags.merging(session.settingFlags) { $1 },
                                                adminToken: source.adminToken)
        // A team server's world decides the system and the default session, as a scenario does in process.
        var served: World?
        if let url = settings.string(.backend)?.value, let token = settings.adminToken?.value.value,
           let backend = try? RemoteBackend(url: url, adminToken: token) {
            served = await World.served(by: backend)
        }
        let (config, world) = try TUISession.configAndWorld(settings: settings, options: session, served: served)
        // Refused before curses takes the terminal: a kept walk is never overwritten.
        if let record, FileManager.default.fileExists(atPath: record) {
            throw CommandFailure("\(record): exists already: record to a new file")
        }
        let driver: CursesDriver
        do {
            driver = try CursesDriver(environment: ProcessInfo.processInfo.environment, theme: Theme.named(settings.theme.value.rawValue) ?? .dark)
        } catch {
            throw TerminalUnavailable(reason: error.description)
        }
        let loop = executor ?? LoopExecutor()
        // Every answer says which rule produced it: the coverage screen reads them. A fault's
        // latency is a deadline of the loop's, like the store's timers.
        var connector = BackendConnector(adminToken: settings.adminToken?.value.value, trace: true,
                                         latencySleep: { try? await loop.sleep(until: .now + $0) })
        if case .inProcess(let scenario) = config.backend, let world { connector.loaded = StartupWorld(scenario: scenario, world: world) }
        // The session is always kept as a walk (in memory without --record): the API log exports it.
        let recorder: WalkRecorder
        do {
            recorder = try WalkRecorder.start(path: record, config: config, width: driver.size.width, height: driver.size.height)
        } catch {
            driver.teardown()
            throw CommandFailure("\(error)")
        }
        // A crash keeps the keys the loop held back (written once their frame was painted).
        CursesDriver.onCrash { recorder.flushOnCrash() }
        driver.reportsMouse = !noMouse && settings.mouse.value
        let app = TerminalApp(driver: driver, config: config, connector: recorder.recording(connector.open),
                              recorder: recorder, theme: Theme.named(settings.theme.value.rawValue) ?? .dark,
                              executor: loop)
        let outcome = if executor != nil {
            app.runHere(exitAfterFirstFrame: exitAfterFirstFrame)
        } else {
            await app.run(exitAfterFirstFrame: exitAfterFirstFrame)
        }
        driver.teardown()
        if case .signal(let signal) = outcome { throw ExitCode(signal.exitStatus) }
        // Said again once the terminal is back: the walk kept is shorter than the session.
        if let failure = recorder.failure { throw CommandFailure(failure) }
    }
}

/// The session the TUI opens with, from the settings, the flags that are no settings (password,
/// variant, pacing) and the scenario's default session for the rest.
enum TUISession {
    static func config(settings: Settings, options: SessionChoice, served: World? = nil) throws -> SessionConfig {
        try configAndWorld(settings: settings, options: options, served: served).config
    }

    /// The session, and the world its in-process scenario loaded (the backend opens on it, not on a
    /// second reading of the same scenario).
    static func configAndWorld(settings: Settings, options: SessionChoice,
                               served: World? = nil) throws -> (config: SessionConfig, world: World?) {
        var config = SessionConfig()
        var world: World?
        if let backend = settings.string(.backend) {
            config.backend = .remote(url: backend.value)
            world = served
        } else {
            // Refuse a bad scenario before curses takes the terminal, with the file, line and reason.
            let scenario = settings.string(.scenario) ?? Sourced(Settings.defaultScenario, from: .builtIn)
            world = try StartupSettings.world(scenario)
            config.backend = .inProcess(scenario: scenario.value)
        }
        if let loaded = world {
            let defaults = loaded.session
            config.device = defaults.device
            config.platform = defaults.platform
            config.sdk = defaults.sdk
            config.variant = defaults.variant
            // A scenario opens on its system (the first it states), with its default session's settings.
            config.scenarioSession = defaults.settings
            config.adopt(loaded.scenarioDefaults)
            if let username = defaults.user, let account = loaded.account(username) {
                config.username = username
                config.password = account.password
            }
        }
        if let user = settings.string(.user) {
            config.username = user.value
            // Another account of the scenario logs in with its own password.
            if let account = world?.account(user.value) { config.password = account.password }
        }
        if let password = options.password { config.password = password }
        if let device = settings.string(.device) { config.device = device.value }
        // A system's option that is also a setting (PIMS's platform and SDK) from its layer; the
        // settings' values are checked against the options' values (EnrollsimConfig's tests).
        for (_, option, _) in SessionFlags.flagged {
            if let key = ConfigKey(rawValue: option.name), let value = settings.string(key) { _ = option.set(value.value, in: &config) }
        }
        options.systemOptions.apply(to: &config)
        config.pacing = options.pacing
        return (config, world)
    }
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
