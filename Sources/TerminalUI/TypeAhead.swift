/// Events read from the terminal and not handed out yet, in order, except for Ctrl-C: like the
/// terminal's own interrupt (which, outside raw mode, flushes the input typed ahead), it goes first
/// and the events queued before it are dropped. A flood of 10,000 keys (a paste on a terminal
/// without bracketed paste) then never stands between the user and quitting.
public struct TypeAhead: Sendable {
    private var events: [TerminalEvent] = []
    /// Where the next event is: handing one out does not shift the array.
    private var head = 0
    /// Ctrl-C keys among the queued events.
    private var interrupts = 0

    public init() {}

    public var isEmpty: Bool { head == events.count }
    public var count: Int { events.count - head }

    public mutating func append(_ event: TerminalEvent) {
        if event == .key(.ctrlC) { interrupts += 1 }
        events.append(event)
    }

    public mutating func append(contentsOf more: [TerminalEvent]) {
        for event in more { append(event) }
    }

    /// The next event: the first Ctrl-C if one is queued (the events before it are dropped),
    /// otherwise the oldest.
    public mutating func next() -> TerminalEvent? {
        guard head < events.count else { return nil }
        if interrupts > 0 {
            while events[head] != .key(.ctrlC) { head += 1 }
            interrupts -= 1
        }
        let event = events[head]
        head += 1
        compact()
        return event
    }

    /// Frees what was handed out, now and then, so that a queue fed while it drains stays small.
    private mutating func compact() {
        if head == events.count {
            events.removeAll(keepingCapacity: events.count <= 4_096)
            head = 0
        } else if head >= 4_096, head * 2 >= events.count {
            events.removeFirst(head)
            head = 0
        }
    }
}
