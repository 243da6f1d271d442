import ArgumentParser
import CursesTerminal
import EnrollsimConfig
import Foundation
import TerminalUI

/// Exercises the curses driver without the screens: paints the widget showcase and echoes events.
/// Hidden; the driver's tmux end-to-end tests run it (the screens have tests of their own).
struct TUISelftestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui-selftest",
        abstract: "Paints a test frame and echoes keys (q or Ctrl-C quits).",
        shouldDisplay: false
    )

    @Flag(name: .long, help: "Crash right after the first frame, to test that the terminal is restored.")
    var crashAfterDraw = false

    @Flag(name: .long, help: "Wake the event wait from another thread after the first frame.")
    var wakeAfterDraw = false

    @Flag(name: .long, help: "Use the monochrome theme.")
    var monochrome = false

    mutating func run() throws {
        let theme = try theme()
        let driver: CursesDriver
        do {
            driver = try CursesDriver(environment: ProcessInfo.processInfo.environment, theme: theme)
        } catch {
            throw ValidationError(error.description)
        }
        defer { driver.teardown() }
        var lastEvent = "none"
        var showsHelp = false
        let pid = ProcessInfo.processInfo.processIdentifier
        while true {
            driver.draw(Showcase.frame(size: driver.size, lastEvent: lastEvent, processID: pid, showsHelp: showsHelp))
            if crashAfterDraw { fatalError("tui-selftest: crash requested by --crash-after-draw") }
            if wakeAfterDraw {
                wakeAfterDraw = false
                let wakeup = driver.wakeup
                Thread.detachNewThread { wakeup.wake() }
            }
            guard let event = driver.nextEvent(timeout: nil) else {
                lastEvent = "woken"
                continue
            }
            switch event {
            case .key(let key):
                switch Keymap<StandardCommand>.standard.command(for: key) {
                case .quit?, .forceQuit?: return
                case .help?: showsHelp.toggle()
                case .redraw?: driver.invalidate()
                default:
                    if key == .char("z") { showShellModes(driver) }
                }
                lastEvent = "key " + key.label
            case .paste(let text):
                lastEvent = "paste \(text.count) chars"  // short: the status shares the title bar
            case .resize(let size):
                lastEvent = "resize \(size)"
            case .click(let point):
                lastEvent = "click \(point.x),\(point.y)"
            case .signal(let signal):
                driver.teardown()
                throw ExitCode(signal.exitStatus)
            }
        }
    }

    /// The theme as the TUI would choose it from `--monochrome` and the environment (NO_COLOR,
    /// ENROLLSIM_THEME); the configuration file is the user's, not the self-test's.
    private func theme() throws -> Theme {
        let flags: [ConfigKey: Settings.Flag] = monochrome ? [.theme: .init("--monochrome", ThemeName.mono.rawValue)] : [:]
        do {
            let settings = try Settings.resolve(flags: flags, adminTokenFlag: nil, environment: ProcessInfo.processInfo.environment,
                                                file: nil, configPath: "")
            return Theme.named(settings.theme.value.rawValue) ?? .dark
        } catch {
            throw StartupSettings.refuse(error)
        }
    }

    /// Suspends curses, lets `stty` report the terminal modes the shell would see, and takes the
    /// terminal back: what an external editor or pager would do.
    private func showShellModes(_ driver: CursesDriver) {
        driver.suspend()
        FileHandle.standardOutput.write(Data("tui-selftest: suspended\n".utf8))
        let stty = Process()
        stty.executableURL = URL(fileURLWithPath: "/bin/sh")
        stty.arguments = ["-c", "stty -a; echo 'tui-selftest: resuming'"]
        try? stty.run()
        stty.waitUntilExit()
        driver.restore()
    }
}
