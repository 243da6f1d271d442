#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesW
import TerminalUI

/// The real terminal, through ncursesw: paints frames cell by cell (ncurses diffs what reaches the
/// terminal), reads keys including wide characters, and turns resizes and termination signals into
/// events. The terminal is restored on `teardown()`, on exit, on a second termination signal and on
/// crashes. Use from one thread; only one driver at a time.
public final class CursesDriver: TerminalDriver {
    public private(set) var size: Size
    public let theme: Theme
    /// Clicks come as events (the terminal's own text selection then needs Shift); off by default.
    public var reportsMouse = false {
        didSet { if CursesState.isActive { cnc_mouse(reportsMouse ? 1 : 0) } }
    }
    private let palette: CursesPalette
    private let screen: OpaquePointer
    private var isTornDown = false
    /// Recognises pastes in what the terminal sends (bracketed paste is on while curses runs).
    private var paste = BracketedPaste()
    /// Events decoded from input but not handed out yet; a Ctrl-C among them goes first.
    private var queue = TypeAhead()
    /// At most this many inputs are read ahead at a time (the rest waits in the terminal).
    private static let readAheadLimit = 1 << 16
    /// Inputs read so far: a wakeup that brought none is a sign of a closed terminal.
    private var inputsRead = 0
    /// How long a paste may pause before what came is taken as the whole paste.
    private static let pasteStallMs: Int32 = 500
    /// Scratch for one cell's characters: up to CCHARW_MAX (5) scalars and the terminating zero.
    private var glyphBuffer = [wchar_t](repeating: 0, count: 6)
    /// The frame last handed to curses: only cells that differ from it are put again (a key that
    /// moves a selection changes two rows, not 1,920 cells). `nil`: put every cell.
    private var drawn: Frame?

    /// Takes the terminal and paints with `theme` (monochrome when the terminal has too few colours).
    /// Whether colour is wanted at all (`NO_COLOR`, `--theme`) is the caller's to decide.
    public init(environment: [String: String], theme requested: Theme) throws(CursesError) {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { throw .notATerminal }
        setlocale(LC_ALL, "")
        try SignalPipe.install()
        CrashGuard.install()
        guard let screen = cnc_newterm() else {
            SignalPipe.uninstall()
            throw .newterm(environment["TERM"] ?? "")
        }
        self.screen = screen
        CursesState.take()
        let window = cnc_stdscr()
        raw()  // Ctrl-C, Ctrl-Z, Ctrl-S arrive as keys; signals from elsewhere still come through the pipe.
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        set_escdelay(25)
        curs_set(0)

        // COLORS is only known after start_color, and start_color alone may make ncurses emit
        // colour resets: never call it when colour is not wanted.
        var chosen = Theme.monochrome
        var defaultColors = false
        if requested.usesColor, has_colors() {
            start_color()
            defaultColors = use_default_colors() == OK
            chosen = Theme.forTerminal(requested: requested, colorCount: Int(cnc_colors()))
        }
        theme = chosen
        palette = CursesPalette(theme: chosen, defaultColors: defaultColors)
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        Self.leaveFirstRefreshMode()
    }

    /// Until curses has been suspended once, ncurses flushes its output after every cursor move
    /// (a frame left in a `write` per row); from the first refresh after an `endwin` it writes a
    /// frame at once. So `endwin` here, with its output sent nowhere (the terminal keeps the
    /// program's modes; the next refresh sets them again and repaints whole, as the first frame does).
    private static func leaveFirstRefreshMode() {
        let terminal = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard terminal >= 0, null >= 0 else {
            if terminal >= 0 { close(terminal) }
            if null >= 0 { close(null) }
            return
        }
        dup2(null, STDOUT_FILENO)
        endwin()
        dup2(terminal, STDOUT_FILENO)
        close(terminal)
        close(null)
    }

    deinit { teardown() }

    public func draw(_ frame: Frame) {
        guard CursesState.isActive else { return }
        let window = cnc_stdscr()
        var cell = cchar_t()
        let previous = drawn.flatMap { $0.size == frame.size && $0.size == size ? $0 : nil }
        drawn = frame
        for y in 0..<size.height {
            for x in 0..<size.width {
                let c = frame[x, y]
                if c.isWideTail { continue }
                if let previous, previous[x, y] == c { continue }
                let fits = x + TextWidth.of(c.glyph) <= size.width
                loadGlyph(fits ? c.glyph : " ")
                glyphBuffer.withUnsafeBufferPointer { chars in
                    _ = setcchar(&cell, chars.baseAddress, palette.attributes(of: c.style), palette.pair(of: c.style), nil)
                }
                // Writing the bottom-right cell reports an error (the cursor cannot advance) but draws.
                _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
            }
        }
        if let cursor = frame.cursor, bounds.contains(cursor) {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wrefresh(window)
    }

    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        guard CursesState.isActive else { return nil }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var idleWakeups = 0
        while true {
            // Signals before keys, however many keys wait.
            let received = SignalPipe.drain()
            if let event = event(forSignals: received) { return event }
            let inputsBefore = inputsRead
            if let signal = readAhead() { return signal }
            if let event = queue.next() { return event }
            if inputsRead != inputsBefore { idleWakeups = 0 }  // the last wakeup brought input (a paste's next piece)
            if received.contains(SignalPipe.wakeByte), !paste.isInsidePaste { return nil }  // the caller has other news
            let waitMs: Int32
            if paste.isInsidePaste {
                // The rest of a paste is on its way, whatever the caller's timeout; if it stops
                // coming, what came is the paste.
                waitMs = Self.pasteStallMs
            } else if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { return nil }
                waitMs = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            } else {
                waitMs = -1
            }
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)]
            // EINTR (a signal arrived) and readiness both loop back to read what came.
            let ready = poll(&fds, 2, waitMs)
            if ready == 0, paste.isInsidePaste { queue.append(contentsOf: paste.endStalledPaste()) }
            // A closed terminal polls ready forever with nothing to read: that is a hangup, not a
            // reason to spin.
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .signal(.hangup) }
            idleWakeups = ready > 0 && fds[1].revents == 0 ? idleWakeups + 1 : 0
            if idleWakeups > 100 { return .signal(.hangup) }
        }
    }

    public var wakeup: TerminalWakeup {
        let fd = SignalPipe.writeEnd
        return TerminalWakeup { SignalPipe.wake(writeEnd: fd) }
    }

    public func invalidate() {
        drawn = nil
        guard CursesState.isActive else { return }
        clearok(cnc_stdscr(), true)
    }

    public func suspend() {
        guard CursesState.isActive else { return }
        def_prog_mode()
        CursesState.release()
    }

    /// OSC 52 straight to the terminal, after what curses has drawn.
    public func copyToClipboard(_ text: String) {
        guard CursesState.isActive else { return }
        let bytes = Array(OSC52.sequence(text).utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var done = 0
            while done < buffer.count {
                let n = write(STDOUT_FILENO, buffer.baseAddress! + done, buffer.count - done)
                if n <= 0 { break }
                done += n
            }
        }
    }

    public func restore() {
        guard !CursesState.isActive, !isTornDown else { return }
        CursesState.take()
        reset_prog_mode()
        drawn = nil
        clearok(cnc_stdscr(), true)
        wrefresh(cnc_stdscr())
    }

    public func teardown() {
        guard !isTornDown else { return }
        isTornDown = true
        CursesState.release()
        SignalPipe.uninstall()
        delscreen(screen)
    }

    private var bounds: Rect { Rect(size: size) }

    /// Fills the scratch buffer with one grapheme cluster, zero-terminated.
    private func loadGlyph(_ glyph: Character) {
        var i = 0
        for scalar in glyph.unicodeScalars where i < 5 {
            glyphBuffer[i] = wchar_t(bitPattern: scalar.value)
            i += 1
        }
        glyphBuffer[i] = 0
    }

    /// A termination signal, or a resize already applied to curses; signals come before keys.
    private func event(forSignals signals: [Int32]) -> TerminalEvent? {
        // The first termination signal, wherever it is among resizes and wakeups (a wakeup byte
        // before it once hid a SIGTERM that came in the middle of a burst of keys).
        if let termination = signals.lazy.compactMap(TerminationSignal.init(rawValue:)).first {
            return .signal(termination)
        }
        guard signals.contains(SIGWINCH) else { return nil }
        var rows: Int32 = 0, cols: Int32 = 0
        guard cnc_terminal_size(STDOUT_FILENO, &rows, &cols) == 0 else { return nil }
        resizeterm(rows, cols)
        drawn = nil  // curses cut or padded its copy of the screen
        return updateSize()
    }

    private func updateSize() -> TerminalEvent? {
        let window = cnc_stdscr()
        let newSize = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        guard newSize != size else { return nil }
        size = newSize
        return .resize(newSize)
    }

    /// Reads everything the terminal has sent so far, without waiting, through the paste decoder
    /// into the queue: a Ctrl-C typed behind 10,000 keys is seen now, not after them. Looks at the
    /// signal pipe every 64 inputs and returns a termination signal at once (a long paste never
    /// holds back Ctrl-C's SIGINT or a SIGTERM).
    private func readAhead() -> TerminalEvent? {
        for n in 1...Self.readAheadLimit {
            guard let read = readInput() else {
                queue.append(contentsOf: paste.flush())
                return nil
            }
            switch read {
            case .input(let input):
                queue.append(contentsOf: paste.feed(input))
            case .event(let event):
                queue.append(contentsOf: paste.flush())
                queue.append(event)
            }
            if n % 64 == 0, let signal = event(forSignals: SignalPipe.drain()) { return signal }
        }
        return nil
    }

    /// Input for the paste decoder, or an event of its own (a resize, a click).
    private enum Read { case input(TerminalInput), event(TerminalEvent) }

    /// One input if ncurses has one ready, without waiting (ncurses still waits the 25 ms Esc delay to
    /// tell Esc from the start of an arrow key's sequence).
    private func readInput() -> Read? {
        let window = cnc_stdscr()
        wtimeout(window, 0)
        while true {
            var code: wint_t = 0
            switch wget_wch(window, &code) {
            case cnc_key_code_yes():
                inputsRead &+= 1
                // resizeterm queues a KEY_RESIZE of its own: only a real change is news.
                if Int32(code) == cnc_key_resize() {
                    if let event = updateSize() { return .event(event) }
                    continue
                }
                if Int32(code) == cnc_key_mouse() {
                    var x: Int32 = 0, y: Int32 = 0
                    switch cnc_read_click(&x, &y) {
                    case 1: return .event(.click(Point(x: Int(x), y: Int(y))))
                    // The wheel is ↑ and ↓, as terminals send it when they report no mouse.
                    case 2: return .input(.key(.up))
                    case 3: return .input(.key(.down))
                    default: continue
                    }
                }
                if let key = CursesKeys.key(forCode: Int32(code)) { return .input(.key(key)) }
                continue  // a key we do not bind (odd function keys): not an event
            case OK:
                inputsRead &+= 1
                guard let scalar = Unicode.Scalar(UInt32(code)) else { continue }
                return .input(.scalar(scalar))
            default:
                return nil
            }
        }
    }
}
