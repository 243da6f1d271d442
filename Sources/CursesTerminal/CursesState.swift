import CNcursesW

/// Whether curses owns the terminal. Read by signal and exit handlers, which cannot reach the
/// driver, so it is process-wide; written only by the driver's thread.
enum CursesState {
    nonisolated(unsafe) static var isActive = false

    /// Gives the terminal back if curses still has it. Called from crash handlers too: `endwin`
    /// is not async-signal-safe, but a dying process that leaves the terminal raw is worse.
    static func release() {
        guard isActive else { return }
        isActive = false
        endwin()
    }
}
