import SimKernel

/// The PIMS state of each session, by name, with the sessions logged in to each account at hand (an
/// account's change is told to its sessions, R12 closes their windows): both in constant time
/// whatever the number of sessions. Logs the names a step changed, for the store.
public struct SessionStates: Sendable {
    private var states: [String: PIMSSession] = [:]
    private var byUser: [String: Set<String>] = [:]
    /// What each session touched since the log started had before (as `KeyedList`'s log).
    private var before: [String: PIMSSession?] = [:]
    private var logToken: UInt64 = 0

    public init() {}

    public subscript(name: String) -> PIMSSession? {
        get { states[name] }
        _modify {
            let old = states[name]
            defer { changed(name, old: old) }
            yield &states[name]
        }
    }

    public subscript(name: String, default fallback: @autoclosure () -> PIMSSession) -> PIMSSession {
        get { states[name] ?? fallback() }
        _modify {
            let old = states[name]
            defer { changed(name, old: old) }
            yield &states[name, default: fallback()]
        }
    }

    /// The sessions logged in to `username`, by name, sorted.
    public func sessions(of username: String) -> [String] { byUser[username].map { $0.sorted() } ?? [] }

    public var names: Dictionary<String, PIMSSession>.Keys { states.keys }

    public mutating func startLog(_ token: UInt64) {
        logToken = token
        before = [:]
    }

    /// The sessions whose state differs from when the log with `token` started; nil when the whole
    /// table was set anew since.
    public func changes(since token: UInt64) -> [String]? {
        guard token == logToken, token != 0 else { return nil }
        return before.filter { name, old in old != states[name] }.keys.sorted()
    }

    private mutating func changed(_ name: String, old: PIMSSession?) {
        if logToken != 0 && before.index(forKey: name) == nil { before[name] = .some(old) }
        let (user, oldUser) = (states[name]?.user, old?.user)
        if user == oldUser { return }
        if let oldUser {
            byUser[oldUser]?.remove(name)
            if byUser[oldUser]?.isEmpty == true { byUser[oldUser] = nil }
        }
        if let user { byUser[user, default: []].insert(name) }
    }
}

extension SessionStates: Hashable {
    public static func == (a: Self, b: Self) -> Bool { a.states == b.states }
    public func hash(into hasher: inout Hasher) { hasher.combine(states) }
}

extension SessionStates: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, PIMSSession)...) {
        for (name, state) in elements { self[name] = state }
        before = [:]
    }
}
