#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesW

/// Restores the terminal when the process crashes or exits without a teardown, then lets the
/// crash proceed as it would have: the previous handler (Swift's backtracer, which then prints on a
/// sane terminal) or the default one, re-raised.
enum CrashGuard {
    static let crashSignals: [Int32] = [SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE]
    /// The handlers found at install time, indexed by signal number.
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?
    nonisolated(unsafe) private static var atExitRegistered = false

    static func install() {
        if !atExitRegistered {
            atExitRegistered = true
            atexit { CursesState.release() }
        }
        guard previous == nil else { return }
        let table = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        table.initialize(repeating: sigaction(), count: 65)
        previous = table
        for sig in crashSignals { _ = cnc_catch_signal(sig, onCrash, table + Int(sig)) }
    }

    private static let onCrash: cnc_signal_handler = { sig in
        CursesState.release()
        if let previous { _ = cnc_restore_signal(sig, previous + Int(sig)) } else { _ = cnc_default_signal(sig) }
        // Blocked while this handler runs, the re-raised signal reaches the restored handler as soon
        // as we return; a faulting instruction would fault again anyway.
        raise(sig)
    }
}
