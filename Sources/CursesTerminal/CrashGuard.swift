#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesW

/// Restores the terminal when the process crashes, is told to quit with a core dump, or exits
/// without a teardown, before anything else writes to it; then lets the handler found at install
/// time report (Swift's backtracer, now on a sane terminal instead of inside curses' screen), and
/// makes sure the process ends as the signal says.
///
/// SIGQUIT is one of these: Swift's backtracer answers it like a crash. The backtracer returns when
/// it is done, counting on a faulting instruction to fault again; a signal sent by `kill` (QUIT, or
/// SEGV from outside) never comes again, so the process would go on half-stopped. Re-raising with
/// the default action after the report ends it with the signal's own status (131 for QUIT).
///
/// Swift's backtracer symbolicates by default, which took about 30 s before the process ended: a
/// terminal program must end promptly. It runs only when SWIFT_BACKTRACE asks for it (set, and not
/// `enable=no`); otherwise one line says how to get the report, and the process ends at once.
enum CrashGuard {
    static let crashSignals: [Int32] = [SIGQUIT, SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSYS]
    /// Whether the handler found at install time (the backtracer) reports the crash.
    nonisolated(unsafe) private static var reports = false
    /// Written, async-signal-safely, when it does not.
    private static let hint = Array("enrollsim crashed; for a backtrace run it again with SWIFT_BACKTRACE=enable=yes\n".utf8)
    /// The handlers found at install time, indexed by signal number.
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?
    nonisolated(unsafe) private static var atExitRegistered = false
    /// Runs once the terminal is restored (the walk's held lines written): under an alarm, so a
    /// crash inside something it needs (the allocator) ends the process instead of hanging it.
    nonisolated(unsafe) static var beforeReport: (() -> Void)?
    /// The crash signal being handled, for the alarm's handler.
    nonisolated(unsafe) private static var crashing: Int32 = 0

    static func install() {
        if !atExitRegistered {
            atExitRegistered = true
            atexit { CursesState.release() }
        }
        guard previous == nil else { return }
        let setting = getenv("SWIFT_BACKTRACE").map { String(cString: $0) }
        reports = setting.map { !$0.isEmpty && !$0.contains("enable=no") } ?? false
        let table = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        table.initialize(repeating: sigaction(), count: 65)
        previous = table
        for sig in crashSignals { _ = cnc_catch_crash(sig, onCrash, table + Int(sig)) }
    }

    private static let onCrash: cnc_crash_handler = { sig, info, context in
        CursesState.release()
        if let beforeReport, let previous {
            crashing = sig
            // Not the signal pipe's handler, which would only take note of it.
            _ = cnc_catch_crash(SIGALRM, onStuck, previous + Int(SIGALRM))
            alarm(2)
            beforeReport()
            alarm(0)
        }
        if reports, let previous {
            _ = cnc_run_handler(previous + Int(sig), sig, info, context)
        } else {
            hint.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        // Blocked while this handler runs, the re-raised signal takes its default action as soon
        // as we return (a faulting instruction would fault again anyway).
        _ = cnc_default_signal(sig)
        raise(sig)
    }

    /// The work before the report did not end (a crash inside the allocator, which it needed): the
    /// process ends at once as the crash signal says (its status, a core dump), not as SIGALRM.
    private static let onStuck: cnc_crash_handler = { _, _, _ in
        hint.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        _ = cnc_default_signal(crashing)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, crashing)
        // Blocked while its own handler runs, below this one: unblocked, the raise takes effect now.
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(crashing)
        _exit(128 + crashing)
    }
}
