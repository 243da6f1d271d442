#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcursesW
import TerminalUI

/// The real terminal, through ncursesw: paints frames cell by cell (ncurses diffs what reaches the
/// terminal), reads what the terminal sends in whole `read`s and decodes it (`KeyDecoder`), and
/// turns resizes and termination signals into events. The terminal is restored on `teardown()`, on
/// exit, on a second termination signal and on crashes. Use from one thread; only one driver at a
/// time.
public final class CursesDriver: TerminalDriver {
    public private(set) var size: Size
    public let theme: Theme
    /// Clicks come as events (the terminal's own text selection then needs Shift); off by default.
    public var reportsMouse = false {
        didSet {
            decoder.readsMouse = reportsMouse
            if CursesState.isActive { cnc_mouse(reportsMouse ? 1 : 0) }
        }
    }
    private let palette: CursesPalette
    private let screen: OpaquePointer
    private var isTornDown = false
    /// Decodes what the terminal sends: keys, clicks, pastes (bracketed paste is on while curses runs).
    private var decoder: KeyDecoder
    /// Events decoded from input but not handed out yet; a Ctrl-C among them goes first.
    private var queue = TypeAhead()
    /// At most this many bytes are read ahead at a time (the rest waits in the terminal).
    private static let readAheadLimit = 1 << 16
    /// One `read` takes all a key sends, or a paste's next piece.
    private var inputBuffer = [UInt8](repeating: 0, count: 4096)
    /// Bytes read so far: a wakeup that brought none is a sign of a closed terminal.
    private var bytesRead = 0
    /// When the last input came: a sequence cut short waits this long for its rest (the Esc delay).
    private var lastInputAt = ContinuousClock.now
    private static let escapeDelay: Duration = .milliseconds(25)
    /// Whether input may be waiting: the last `poll` said so, or the last `read` filled the buffer.
    /// When not, nothing is read before the next `poll` (which sees any input that came since).
    private var inputMayWait = true
    /// The last `poll` said input is waiting: the `read` needs no `poll` of its own to not block.
    private var inputIsReady = false
    /// A wakeup byte drained while reading ahead: the caller has news.
    private var wokenWhileReading = false
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
        // The terminal sends the keys' application forms, which the key database names; curses
        // never reads input (`KeyDecoder` does), nor looks for it between a frame's rows.
        keypad(window, true)
        intrflush(window, false)
        typeahead(-1)
        curs_set(0)
        decoder = KeyDecoder(sequences: CursesKeys.sequences())
        decoder.readsMouse = false

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

    /// Work a crash does once the terminal is restored, before the crash is reported (what the
    /// program holds in memory and must not lose: a walk's last lines). Keep it short.
    public static func onCrash(_ work: @escaping () -> Void) {
        CrashGuard.beforeReport = work
    }

    public func draw(_ frame: Frame) {
        guard CursesState.isActive else { return }
        let window = cnc_stdscr()
        // A frame of another size than the terminal's (a resize in between) is painted whole.
        let previous = drawn.flatMap { $0.size == frame.size && $0.size == size ? $0 : nil }
        drawn = frame
        if frame.size == size {
            paintChanges(of: frame, since: previous, in: window)
        } else {
            for y in 0..<size.height {
                for x in 0..<size.width where !frame[x, y].isWideTail {
                    put(frame[x, y].glyph, style: frame[x, y].style, x: x, y: y, in: window)
                }
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

    /// Hands curses the cells that differ from `previous` (all of them without one).
    private func paintChanges(of frame: Frame, since previous: Frame?, in window: UnsafeMutablePointer<WINDOW>?) {
        let width = size.width
        let glyphs = frame.glyphs, styles = frame.styles
        for change in frame.changes(since: previous) {
            for x in change.columns {
                let i = change.y * width + x
                let code = glyphs[i]
                if code == GlyphCode.wideTail { continue }
                if GlyphCode.clusterIndex(code) == nil, let w = TextWidth.simpleWidth(code) {
                    glyphBuffer[0] = wchar_t(bitPattern: x + w <= width ? code : GlyphCode.space)
                    glyphBuffer[1] = 0
                    put(loadedGlyphWith: styles[i], x: x, y: change.y, in: window)
                } else {
                    put(frame.glyph(of: code), style: styles[i], x: x, y: change.y, in: window)
                }
            }
        }
    }

    /// Puts one grapheme cluster at a cell (a space when a wide one would not fit before the edge).
    private func put(_ glyph: Character, style: Style, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>?) {
        loadGlyph(x + TextWidth.of(glyph) <= size.width ? glyph : " ")
        put(loadedGlyphWith: style, x: x, y: y, in: window)
    }

    /// Puts what `glyphBuffer` holds at a cell.
    private func put(loadedGlyphWith style: Style, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>?) {
        var cell = cchar_t()
        glyphBuffer.withUnsafeBufferPointer { chars in
            _ = setcchar(&cell, chars.baseAddress, palette.attributes(of: style), palette.pair(of: style), nil)
        }
        // Writing the bottom-right cell reports an error (the cursor cannot advance) but draws.
        _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
    }

    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        guard CursesState.isActive else { return nil }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var idleWakeups = 0
        while true {
            // Signals before keys, however many keys wait.
            let received = SignalPipe.drain()
            if let event = event(forSignals: received) { return event }
            let bytesBefore = bytesRead
            if let signal = readAhead() { return signal }
            if let event = queue.next() { return event }
            if bytesRead != bytesBefore { idleWakeups = 0 }  // the last wakeup brought input (a paste's next piece)
            let woken = received.contains(SignalPipe.wakeByte) || wokenWhileReading
            wokenWhileReading = false
            if woken, !decoder.isInsidePaste { return nil }  // the caller has other news
            var waitMs: Int32
            if decoder.isInsidePaste {
                // The rest of a paste is on its way, whatever the caller's timeout; if it stops
                // coming, what came is the paste.
                waitMs = Self.pasteStallMs
            } else if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { return nil }
                waitMs = Self.milliseconds(left)
            } else {
                waitMs = -1
            }
            // A sequence cut short: its rest normally follows at once; if not, it was typed as is.
            let escapeEnds = lastInputAt + Self.escapeDelay
            if decoder.isWaiting, !decoder.isInsidePaste {
                let left = Self.milliseconds(max(.zero, ContinuousClock.now.duration(to: escapeEnds)))
                waitMs = waitMs < 0 ? left : min(waitMs, left)
            }
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)]
            // EINTR (a signal arrived) and readiness both loop back to read what came.
            let ready = poll(&fds, 2, waitMs)
            inputIsReady = fds[0].revents & Int16(POLLIN) != 0
            inputMayWait = inputIsReady
            if ready == 0 {
                if decoder.isInsidePaste {
                    queue.append(contentsOf: decoder.endStalledPaste())
                } else if decoder.isWaiting, ContinuousClock.now >= escapeEnds {
                    queue.append(contentsOf: decoder.flush())
                }
            }
            // A closed terminal polls ready forever with nothing to read: that is a hangup, not a
            // reason to spin.
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .signal(.hangup) }
            idleWakeups = ready > 0 && fds[1].revents == 0 ? idleWakeups + 1 : 0
            if idleWakeups > 100 { return .signal(.hangup) }
        }
    }

    /// Whole milliseconds, rounded up (a wait never ends before its deadline).
    private static func milliseconds(_ d: Duration) -> Int32 {
        Int32(clamping: d.components.seconds * 1000 + (d.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
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
        if signals.contains(where: SignalPipe.stops.contains) {
            // SIGTSTP, SIGTTIN or SIGTTOU from outside: stop as they ask, the terminal given back first,
            // and take it back (repainted) when continued.
            suspend()
            raise(SIGSTOP)
            restore()
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

    /// Reads everything the terminal has sent so far, without waiting, in as few `read`s as it
    /// takes (one for a key), through the decoder into the queue: a Ctrl-C typed behind 10,000 keys
    /// is seen now, not after them. Looks at the signal pipe between reads and returns a
    /// termination signal at once (a long paste never holds back Ctrl-C's SIGINT or a SIGTERM).
    private func readAhead() -> TerminalEvent? {
        var total = 0
        while total < Self.readAheadLimit, inputMayWait {
            inputMayWait = false
            if !inputIsReady {
                var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                guard poll(&input, 1, 0) > 0, input.revents & Int16(POLLIN) != 0 else { return nil }
            }
            inputIsReady = false
            let n = inputBuffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard n > 0 else { return nil }  // end of input: the hangup check sees it
            total += n
            bytesRead &+= n
            lastInputAt = .now
            queue.append(contentsOf: decoder.feed(inputBuffer[0..<n]))
            // A terminal's read returns what is there, up to the buffer: less means all of it.
            inputMayWait = n == inputBuffer.count
            if !inputMayWait { return nil }
            let signals = SignalPipe.drain()
            if signals.contains(SignalPipe.wakeByte) { wokenWhileReading = true }
            if let signal = event(forSignals: signals) { return signal }
        }
        return nil
    }
}
