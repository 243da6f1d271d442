#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesW
import TerminalUI

/// Whether curses owns the terminal. Read by signal and exit handlers, which cannot reach the
/// driver, so it is process-wide; written only by the driver's thread.
///
/// While curses owns the terminal, standard error goes to a spool file: a log line or a runtime
/// message would otherwise scribble over the screen, and would vanish with the alternate screen
/// anyway. Giving the terminal back replays the spool, so "Fatal error: …" is still read.
enum CursesState {
    nonisolated(unsafe) private(set) static var isActive = false
    nonisolated(unsafe) private static var spool: Int32 = -1
    nonisolated(unsafe) private static var realStderr: Int32 = -1
    /// Preallocated so the replay in a crash handler does not allocate.
    nonisolated(unsafe) private static let replayBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)

    /// Marks curses as owning the terminal, turns bracketed paste on, and diverts standard error.
    static func take() {
        isActive = true
        writeToTerminal(enterModes)
        // Static lets start on first use: make that now, not in a crash handler.
        _ = (leaveModes, replayBuffer)
        var template = Array("/tmp/enrollsim-stderr-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return }
        unlink(&template)
        realStderr = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        spool = fd
    }

    /// Modes curses knows nothing of, written around its own: bracketed paste (see `BracketedPaste`)
    /// on while the program runs; off, and the cursor shown, when the shell gets the terminal back.
    /// Preallocated C strings, so the crash handlers write them without allocating.
    nonisolated(unsafe) private static let enterModes = strdup(BracketedPaste.enableSequence)!
    /// Bracketed paste and mouse reporting off (a crash leaves no mode on), the cursor shown.
    nonisolated(unsafe) private static let leaveModes = strdup(BracketedPaste.disableSequence + "\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?25h")!

    /// Straight to the terminal (curses' output is standard output), with `write`: async-signal-safe.
    private static func writeToTerminal(_ sequence: UnsafeMutablePointer<CChar>) {
        _ = write(STDOUT_FILENO, sequence, strlen(sequence))
    }

    /// Gives the terminal back if curses still has it, then replays what went to standard error.
    /// Called from crash handlers too: `endwin` is not async-signal-safe, but a dying process that
    /// leaves the terminal raw is worse; the replay itself is only read and write.
    static func release() {
        guard isActive else { return }
        isActive = false
        endwin()
        writeToTerminal(leaveModes)
        guard spool >= 0 else { return }
        dup2(realStderr, STDERR_FILENO)
        close(realStderr)
        lseek(spool, 0, SEEK_SET)
        while true {
            let n = read(spool, replayBuffer, 4096)
            guard n > 0 else { break }
            _ = write(STDERR_FILENO, replayBuffer, n)
        }
        close(spool)
        spool = -1
        realStderr = -1
    }
}
