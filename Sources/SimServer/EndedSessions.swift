/// The tokens of device sessions the server ended, and why: their holder is told what happened (a
/// 410 saying the session made room, or that the admin ended it) instead of "unknown session
/// token". In memory only, the newest `limit` (a token is 64 characters: 10,000 hold under 2 MB);
/// beyond, or after a restart, an ended token is unknown again.
struct EndedSessions {
    enum Reason: Sendable, Equatable {
        /// Closed at the cap to make room for a new session (never used, or least recently used).
        case gaveWay
        /// Ended by the admin (`POST /v1/admin/sessions/end`).
        case endedByAdmin
        /// Unused for the session idle time.
        case expired
    }

    let limit: Int
    private var reasons: [String: Reason] = [:]
    /// The digests in the order they were ended, as a ring of `limit`.
    private var order: [String] = []
    private var next = 0

    init(limit: Int) { self.limit = max(1, limit) }

    subscript(digest: String) -> Reason? { reasons[digest] }

    mutating func remember(_ digests: [String], _ reason: Reason) {
        for digest in digests {
            if order.count < limit {
                order.append(digest)
            } else {
                reasons[order[next]] = nil
                order[next] = digest
                next = (next + 1) % limit
            }
            reasons[digest] = reason
        }
    }
}
