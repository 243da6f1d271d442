/// Where each session's `events` control reads from: the last event id it read, or the id its
/// reading starts after (its creation). A session with neither reads from the server's start.
struct EventReaders: Sendable {
    /// The last event id published when the server started.
    let start: Int
    var positions: [String: Int] = [:]
    /// Past this many positions, those of sessions the world no longer has are forgotten (device
    /// sessions come and go under new names: the map must not grow with them).
    private var pruneAbove = 1_024

    init(start: Int) { self.start = start }

    func position(of session: String) -> Int { positions[session] ?? start }

    /// A session created when the last event published was `lastID`.
    mutating func start(_ session: String, at lastID: Int, sessions: () -> Set<String>) {
        positions[session] = lastID
        if positions.count > pruneAbove {
            let alive = sessions()
            positions = positions.filter { alive.contains($0.key) }
            pruneAbove = max(pruneAbove, positions.count * 2)
        }
    }
}
