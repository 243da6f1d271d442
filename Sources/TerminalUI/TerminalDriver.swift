/// A signal that asks the program to end; the driver turns it into an event so the program can
/// quit through its normal path (terminal restored, state saved).
/// Besides the three a user sends, every other whose default action would end the program with the
/// terminal left raw and that is not a crash (Linux's numbers): SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU,
/// SIGVTALRM, SIGSTKFLT, SIGPROF, SIGIO, SIGPWR and the real-time signals SIGRTMIN…SIGRTMAX.
public struct TerminationSignal: RawRepresentable, Sendable, Hashable {
    public let rawValue: Int32

    /// nil for a number that is not a termination signal (SIGWINCH, a wakeup).
    public init?(rawValue: Int32) {
        guard Self.named.contains(rawValue) || Self.realTime.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(_ number: Int32) { rawValue = number }

    public static let hangup = Self(1), interrupt = Self(2), terminate = Self(15)
    public static let user1 = Self(10), user2 = Self(12), alarm = Self(14), cpuLimit = Self(24), virtualAlarm = Self(26)
    public static let stackFault = Self(16), profilingAlarm = Self(27), io = Self(29), power = Self(30)
    /// The real-time signals' numbers (glibc keeps 32 and 33 for itself: SIGRTMIN is 34).
    public static let realTime: ClosedRange<Int32> = 32...64
    private static let named: Set<Int32> = [1, 2, 15, 10, 12, 14, 24, 26, 16, 27, 29, 30]

    /// The shell's convention for a program ended by a signal: 128 + its number.
    public var exitStatus: Int32 { 128 + rawValue }
}

/// What a terminal tells the program.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    /// Text the user pasted, whole (the terminal's bracketed paste), never split into keys: a line
    /// break or an `x` in it is text, not Enter or a command.
    case paste(String)
    /// The terminal changed size; the next frame should be rendered for this size.
    case resize(Size)
    case signal(TerminationSignal)
    /// The left mouse button was clicked at this cell (mouse reporting is on).
    case click(Point)
}

/// The one door to a terminal: the curses driver paints a real one, the memory driver records
/// frames for tests. A driver is used from a single thread.
public protocol TerminalDriver: AnyObject {
    /// The size frames should be rendered at.
    var size: Size { get }
    /// Shows a frame (a frame of another size is clipped or padded).
    func draw(_ frame: Frame)
    /// The next event, waiting at most `timeout` (`nil`: until one arrives); `nil` on timeout or
    /// when `wakeup` was used.
    func nextEvent(timeout: Duration?) -> TerminalEvent?
    /// Ends a `nextEvent` wait early from any thread: an effect finished, the program has news.
    var wakeup: TerminalWakeup { get }
    /// Forgets what the terminal is believed to show, so the next `draw` repaints every cell
    /// (Ctrl-L, after something else wrote to the terminal).
    func invalidate()
    /// Hands the terminal back to the shell for a while (an external editor, a pager).
    func suspend()
    /// Takes the terminal again after `suspend()` and repaints.
    func restore()
    /// Restores the terminal for good; safe to call more than once.
    func teardown()
    /// Puts text on the clipboard of the terminal the program runs in (OSC 52).
    func copyToClipboard(_ text: String)
}

extension TerminalDriver {
    /// A driver whose waits are short anyway need not be woken.
    public var wakeup: TerminalWakeup { TerminalWakeup {} }
    /// A driver that paints every frame whole has nothing to forget.
    public func invalidate() {}
    /// A driver with no terminal has no clipboard.
    public func copyToClipboard(_ text: String) {}
}

/// OSC 52, the terminal's clipboard: `ESC ] 52 ; c ; base64 BEL` (xterm, kitty, iTerm2, WezTerm,
/// tmux with `set-clipboard on`; the terminal may refuse it, and nothing comes back to say so).
public enum OSC52 {
    public static func sequence(_ text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    /// Base64 without Foundation (TerminalUI has no dependencies).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = Int(bytes[i]), b1 = n > 1 ? Int(bytes[i + 1]) : 0, b2 = n > 2 ? Int(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[v >> 18 & 63])
            out.append(alphabet[v >> 12 & 63])
            out.append(n > 1 ? alphabet[v >> 6 & 63] : "=")
            out.append(n > 2 ? alphabet[v & 63] : "=")
            i += 3
        }
        return out
    }
}

/// Cuts short a driver's wait for events; `Sendable`, for effects finishing on other threads.
public struct TerminalWakeup: Sendable {
    private let action: @Sendable () -> Void

    public init(_ action: @escaping @Sendable () -> Void) { self.action = action }

    public func wake() { action() }
}
