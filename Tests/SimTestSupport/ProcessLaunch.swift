import Foundation

/// Starts child processes one at a time across the whole test run. Foundation's `Process.run()` on
/// Linux is not safe to call from several threads at once (a CI run crashed inside it, in `memcpy`,
/// while other tests were launching their own), and the tests run in parallel.
public enum ProcessLaunch {
    private static let lock = NSLock()

    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
