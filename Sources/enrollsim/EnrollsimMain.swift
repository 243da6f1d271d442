import ArgumentParser
import Foundation
import Synchronization

/// The program's entry. The terminal UI runs on the main thread, whose executor (`LoopExecutor`)
/// runs everything it does from start to end: Swift's global thread pool is never started, and
/// with it libdispatch's pool monitor, which wakes a process every second, idle or not. Every
/// other command runs as ArgumentParser runs an async command.
@main
enum EnrollsimMain {
    static func main() {
        if let tui = terminalUI() { runOnMainThread(tui) }
        Task {
            await Enrollsim.mainShowingSafeText()
            exit(0)
        }
        dispatchMain()
    }

    /// The terminal UI's options, when the arguments ask for it. `enrollsim` alone, the usual start,
    /// is the TUI with the default options, built without ArgumentParser, which reflects a command's
    /// options even to parse none (a quarter of start-up's CPU); with arguments, the command tree parses them.
    private static func terminalUI() -> TUIOptions? {
        if CommandLine.arguments.count == 1 { return TUIOptions() }
        return ((try? Enrollsim.parseAsRoot()) as? TUICommand)?.options
    }

    private static func runOnMainThread(_ options: TUIOptions) -> Never {
        let executor = LoopExecutor()
        executor.start()
        let end = Ending()
        Task(executorPreference: executor) {
            do {
                try await options.run(on: executor)
            } catch {
                end.error.withLock { $0 = error }
            }
            end.done.store(true, ordering: .releasing)
        }
        executor.run(until: { end.done.load(ordering: .acquiring) })
        if let error = end.error.withLock({ $0 }) { Enrollsim.exitShowingSafeText(error) }
        Enrollsim.exit()
    }

    /// How the terminal UI's task ended.
    private final class Ending: Sendable {
        let done = Atomic(false)
        let error = Mutex<(any Error)?>(nil)
    }
}
