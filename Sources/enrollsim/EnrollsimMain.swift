import ArgumentParser
import Foundation

/// The program's entry. The terminal UI runs on the main thread, whose executor (`LoopExecutor`)
/// runs everything it does from start to end: Swift's global thread pool is never started, and
/// with it libdispatch's pool monitor, which wakes a process every second, idle or not. Every
/// other command runs as ArgumentParser runs an async command.
@main
enum EnrollsimMain {
    static func main() {
        if let tui = terminalUI() { runOnMainThread(tui) }
        Task {
            await Enrollsim.main()
            exit(0)
        }
        dispatchMain()
    }

    /// The terminal UI's command, when the arguments ask for it. `enrollsim` alone, the usual start,
    /// is the TUI with no options: parsed as that command alone, not through the whole command tree,
    /// which ArgumentParser reflects command by command (a fifth of start-up's CPU).
    private static func terminalUI() -> TUICommand? {
        if CommandLine.arguments.count == 1 { return try? TUICommand.parse([]) }
        return (try? Enrollsim.parseAsRoot()) as? TUICommand
    }

    private static func runOnMainThread(_ command: TUICommand) -> Never {
        let executor = LoopExecutor()
        executor.start()
        let end = Ending()
        Task(executorPreference: executor) {
            do {
                try await command.run(on: executor)
            } catch {
                end.error = error
            }
            end.done = true
        }
        executor.run(until: { end.done })
        if let error = end.error { Enrollsim.exit(withError: error) }
        Enrollsim.exit()
    }

    /// How the terminal UI's task ended (read and written on the main thread only).
    private final class Ending: @unchecked Sendable {
        var done = false
        var error: (any Error)?
    }
}
