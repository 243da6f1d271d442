#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesW

/// Turns SIGINT, SIGTERM, SIGHUP, the other signals that end a program by default and are not a
/// crash (`TerminationSignal`: SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGSTKFLT, SIGPROF,
/// SIGIO, SIGPWR, SIGRTMIN…SIGRTMAX), SIGWINCH, and SIGTSTP, SIGTTIN and SIGTTOU sent while it has
/// the terminal, into bytes on a pipe that the driver polls next to the keyboard, so the program
/// quits, resizes or suspends on its own thread, through its normal path. A zero byte is a wakeup
/// from another thread. The pipe lives as long as the process, so a wakeup handed out earlier never
/// writes to a reused descriptor.
/// SIGPIPE and SIGXFSZ are caught and do nothing: the write that caused one fails (EPIPE, EFBIG) and
/// is reported as such, a terminal program does not die of it (a handler, not SIG_IGN, so that a
/// program started from here gets the default back).
/// Installed before curses starts: ncurses only installs its own handlers (whose SIGINT handler
/// calls `_exit`, skipping all cleanup) for signals still at their default.
enum SignalPipe {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGSTKFLT, SIGPROF, SIGIO, SIGPWR, SIGWINCH]
        + Array(cnc_sigrtmin()...cnc_sigrtmax())
    /// Stop signals from outside: the terminal is given back before the process stops.
    static let stops: [Int32] = [SIGTSTP, SIGTTIN, SIGTTOU]
    static let harmless: [Int32] = [SIGPIPE, SIGXFSZ]
    nonisolated(unsafe) static var readEnd: Int32 = -1
    nonisolated(unsafe) static var writeEnd: Int32 = -1
    /// Termination requests seen; a second one while the first is unanswered ends the process.
    nonisolated(unsafe) static var terminationRequests = 0

    static let wakeByte: Int32 = 0

    static func install() throws(CursesError) {
        if readEnd < 0 {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw .pipe(errno) }
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            readEnd = fds[0]
            writeEnd = fds[1]
        }
        _ = drain()
        terminationRequests = 0
        for sig in watched { _ = cnc_catch_signal(sig, onSignal, nil) }
        for sig in stops { _ = cnc_catch_signal(sig, onStop, nil) }
        for sig in harmless { _ = cnc_catch_signal(sig, onHarmless, nil) }
    }

    static func uninstall() {
        for sig in watched + stops + harmless { _ = cnc_default_signal(sig) }
    }

    /// Safe from any thread: a write to a pipe that is never closed.
    static func wake(writeEnd fd: Int32) {
        var byte = UInt8(wakeByte)
        _ = write(fd, &byte, 1)
    }

    /// Signals received since the last call, oldest first.
    static func drain() -> [Int32] {
        // Asked before every event: nothing is allocated while the pipe is empty.
        var received: [Int32] = []
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            while readEnd >= 0 {
                let n = read(readEnd, buffer.baseAddress, buffer.count)
                guard n > 0 else { break }
                for byte in buffer[0..<n] { received.append(Int32(byte)) }
            }
        }
        return received
    }

    /// SIGPIPE, SIGXFSZ: nothing; the write that raised it fails with its own error.
    private static let onHarmless: cnc_signal_handler = { _ in }

    /// SIGTSTP, SIGTTIN, SIGTTOU. In the foreground (sent from outside), a byte down the pipe: the driver
    /// gives the terminal back, stops, and repaints when continued, as for Ctrl-Z. In the background
    /// (the program touched the terminal after `bg`), the default's stop, the terminal left alone:
    /// it is the shell's now, and a write to it would only raise the signal again.
    private static let onStop: cnc_signal_handler = { sig in
        let savedErrno = errno
        if cnc_in_foreground() != 0 {
            var byte = UInt8(truncatingIfNeeded: sig)
            _ = write(writeEnd, &byte, 1)
        } else {
            raise(SIGSTOP)
        }
        errno = savedErrno
    }

    /// Async-signal-safe: one byte down the pipe, errno preserved.
    private static let onSignal: cnc_signal_handler = { sig in
        let savedErrno = errno
        if sig != SIGWINCH {
            terminationRequests += 1
            if terminationRequests > 1 {
                // The program did not answer the first request: leave now, terminal restored.
                CursesState.release()
                _exit(128 + sig)
            }
        }
        var byte = UInt8(truncatingIfNeeded: sig)
        _ = write(writeEnd, &byte, 1)
        errno = savedErrno
    }
}

/// Why the curses driver could not start.
public enum CursesError: Error, CustomStringConvertible {
    case notATerminal
    case pipe(Int32)
    case newterm(String)

    public var description: String {
        switch self {
        case .notATerminal: "standard input and output must be a terminal"
        case .pipe(let e): "cannot create the signal pipe (errno \(e))"
        case .newterm(let term): "cannot start curses on terminal type \"\(term)\""
        }
    }
}
