import SimKernel

/// The PIMS state of each session, by name, with the sessions logged in to each account at hand (an
/// account's change is told to its sessions, R12 closes their windows): both in constant time
/// whatever the number of sessions. Logs the names a step changed, for the store.
public struct SessionStates: Sendable {
    private var states: [String: PIMSSession] = [:]
    private var byUser: [String: Set<String>] = [:]
    /// Who is logged in on each session, beside its state: read on every call (R0c), where reading
    /// it from the state copied the whole state out of the dictionary.
    private var userOf: [String: String] = [:]
    /// What each session touched since the log started had before (as `KeyedList`'s log).
    private var before: [String: PIMSSession?] = [:]
    private var logToken: UInt64 = 0
    private var count: ChangeCount?

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
            // The name is hashed once: the state is then read and changed at its position (each rule
            // that changes the calling session comes here, on every call).
            let found = states.index(forKey: name)
            let position: Dictionary<String, PIMSSession>.Index
            if let found {
                position = found
            } else {
                states[name] = fallback()
                position = states.index(forKey: name)!
            }
            let oldUser = userOf[name]
            if logToken != 0 && before.index(forKey: name) == nil {
                before[name] = .some(found.map { states.values[$0] })
                count?.bump()
            }
            defer {
                let user = states.values[position].user
                if user != oldUser { loggedIn(name, from: oldUser, to: user) }
            }
            yield &states.values[position]
        }
    }

    /// Who is logged in on the session `name`: read on every call (R0c), without a copy of the rest
    /// of its state.
    public func user(of name: String) -> String? { userOf[name] }

    /// The sessions logged in to `username`, by name, sorted.
    public func sessions(of username: String) -> [String] { byUser[username].map { $0.sorted() } ?? [] }

    public var names: Dictionary<String, PIMSSession>.Keys { states.keys }

    /// Starts a new log (as `KeyedList.startLog`), counted in `count` if given.
    public mutating func startLog(_ token: UInt64, counting count: ChangeCount? = nil) {
        logToken = token
        before = [:]
        self.count = count
    }

    /// The sessions whose state differs from when the log with `token` started; nil when the whole
    /// table was set anew since.
    public func changes(since token: UInt64) -> [String]? {
        guard token == logToken, token != 0 else { return nil }
        return before.filter { name, old in old != states[name] }.keys.sorted()
    }

    private mutating func changed(_ name: String, old: PIMSSession?) {
        if logToken != 0 && before.index(forKey: name) == nil {
            before[name] = .some(old)
            count?.bump()
        }
        let (user, oldUser) = (states[name]?.user, old?.user)
        if user != oldUser { loggedIn(name, from: oldUser, to: user) }
    }

    /// The session `name` went from `oldUser` to `user`: the by-account index follows.
    private mutating func loggedIn(_ name: String, from oldUser: String?, to user: String?) {
        userOf[name] = user
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
