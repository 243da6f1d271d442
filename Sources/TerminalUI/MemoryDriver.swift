/// A terminal in memory: scripted events in, frames out. Tests drive a program with it the way
/// tmux drives the real binary, without a terminal.
public final class MemoryDriver: TerminalDriver {
    public private(set) var size: Size
    public private(set) var frames: [Frame] = []
    public private(set) var isSuspended = false
    public private(set) var isTornDown = false
    /// How often `invalidate()` was called (a redraw request reached the driver).
    public private(set) var invalidations = 0
    /// What was put on the clipboard, as the bytes a terminal would have received (OSC 52).
    public private(set) var clipboardWrites: [String] = []
    /// `nil` marks a quiet moment in the script (see `pause`).
    private var pending: [TerminalEvent?]

    public init(size: Size = .minimum, events: [TerminalEvent] = []) {
        self.size = size
        self.pending = events
    }

    public convenience init(size: Size = .minimum, keys: [Key]) {
        self.init(size: size, events: keys.map { .key($0) })
    }

    public var lastFrame: Frame? { frames.last }

    /// Queues more events after those already scripted.
    public func enqueue(_ events: [TerminalEvent]) { pending += events.map { $0 } }
    /// The input goes quiet here: `nextEvent` answers `nil` once, as a wait that timed out, so the
    /// events before and after are two bursts.
    public func pause() { pending.append(nil) }
    public func type(_ text: String) { enqueue(Key.typing(text).map { .key($0) }) }

    public func draw(_ frame: Frame) { frames.append(frame) }

    /// Scripted events in order; a scripted resize also changes `size`. `nil` at a pause and once
    /// the script is out.
    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        guard !pending.isEmpty, let event = pending.removeFirst() else { return nil }
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    public func invalidate() { invalidations += 1 }
    public func copyToClipboard(_ text: String) { clipboardWrites.append(OSC52.sequence(text)) }
    public func suspend() { isSuspended = true }
    public func restore() { isSuspended = false }
    public func teardown() { isTornDown = true }
}
