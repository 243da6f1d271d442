import ArgumentParser
import CursesTerminal
import Foundation
import TerminalUI

/// Exercises the curses driver without the screens: paints the widget showcase and echoes events.
/// Hidden; the tmux end-to-end tests run it until the real screens exist.
struct TUISelftestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui-selftest",
        abstract: "Paints a test frame and echoes keys (q or Ctrl-C quits).",
        shouldDisplay: false
    )

    @Flag(name: .long, help: "Crash right after the first frame, to test that the terminal is restored.")
    var crashAfterDraw = false

    @Flag(name: .long, help: "Use the monochrome theme.")
    var monochrome = false

    func run() throws {
        let driver: CursesDriver
        do {
            driver = try CursesDriver(environment: ProcessInfo.processInfo.environment, monochrome: monochrome)
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
            guard let event = driver.nextEvent(timeout: nil) else { continue }
            switch event {
            case .key(let key):
                switch Keymap<StandardCommand>.standard.command(for: key) {
                case .quit?, .forceQuit?: return
                case .help?: showsHelp.toggle()
                default: break
                }
                lastEvent = "key " + key.label
            case .resize(let size):
                lastEvent = "resize \(size)"
            case .signal(let signal):
                driver.teardown()
                throw ExitCode(signal.exitStatus)
            }
        }
    }
}
