import PIMS

/// The simulator core: the world and the rules R0–R25 as a value. `handle` is a pure step —
/// (world, session, request) → (world', response) — that the in-process backend keeps in memory and
/// the server loads from and stores to SQLite.
public struct Simulator: Sendable {
    public var world: World
    /// The world as loaded, for `reset`.
    public private(set) var loaded: World

    public init(world: World) {
        self.world = world
        self.loaded = world
    }

    public init(scenario: String) throws(ScenarioError) {
        self.init(world: try ScenarioLoader.load(.parse(scenario)))
    }

    /// Replaces the world (a `load` control): what `reset` returns to from now on.
    public mutating func replace(with world: World) {
        self.world = world
        self.loaded = world
    }

    public mutating func resetToLoaded() { world = loaded }

    /// The outcome of one call: the envelope, and the latency a fault asked for.
    public struct Outcome: Sendable {
        public var response: PIMSResponse
        public var latencyMs: Int
        public var rule: String?
    }

    /// One PIMS call on the named session: a transaction id, then injected faults (§7), then input
    /// checks (§1), then R0c, then the call's rule.
    public mutating func handle(_ request: PIMSRequest, session sessionName: String) -> Outcome {
        world.counters.transactions += 1
        let tx = World.transactionID(world.counters.transactions)
        let fault = world.drawFault(for: request)
        if let code = fault?.code {
            return Outcome(response: .failure(tx, PIMSError(ErrorCode(code), detail: "injected fault")), latencyMs: fault?.latencyMs ?? 0, rule: nil)
        }
        let latency = fault?.latencyMs ?? 0
        let call: PIMSCall
        do {
            call = try PIMSCall.parse(request)
        } catch {
            return Outcome(response: .failure(tx, error), latencyMs: latency, rule: nil)
        }
        do {
            let result = try world.apply(call, session: sessionName)
            return Outcome(response: .success(tx, result), latencyMs: latency, rule: call.rule)
        } catch {
            return Outcome(response: .failure(tx, error), latencyMs: latency, rule: call.rule)
        }
    }
}

extension World {
    static func transactionID(_ n: Int) -> String {
        let s = String(n)
        return "tx-" + (s.count >= 6 ? s : String(repeating: "0", count: 6 - s.count) + s)
    }

    /// The first fault rule that fires for this request, used up as it fires.
    mutating func drawFault(for request: PIMSRequest) -> FaultRule? {
        for i in faults.indices where faults[i].matches(request) {
            let rule = faults[i]
            if let p = rule.probability {
                var g = SeededGenerator(state: counters.faults)
                let draw = g.unit()
                counters.faults = g.state
                if draw < p { return rule }
            } else {
                let left = (rule.times ?? 1) - 1
                if left <= 0 { faults.remove(at: i) } else { faults[i].times = left }
                return rule
            }
        }
        return nil
    }

    /// Runs the rule of `call` for the named session. Changes made before a failure stay (a wrong SMS
    /// code uses a check, a wrong PIN counts), exactly as the rules say.
    mutating func apply(_ call: PIMSCall, session name: String) throws(PIMSError) -> JSONValue {
        guard let s = sessionIndex(name) else {
            throw PIMSError(.unknown, detail: "no session named \"\(name)\": create it with the session control")
        }
        switch call {
        case .login(let username, let password): return try login(s, username, password)
        case .logout:
            sessions[s].user = nil
            sessions[s].closeWindows()
            sessions[s].selectedVIN = nil
            return .null
        default: break
        }
        // R0c: everything else needs a logged-in session.
        guard let username = sessions[s].user, let a = accountIndex(username) else {
            throw PIMSError(.needBasicAuthentication)
        }
        return try run(call, session: s, account: a)
    }

    // R0a
    private mutating func login(_ s: Int, _ username: String, _ password: String) throws(PIMSError) -> JSONValue {
        let lockout = 5
        let lockoutSeconds = 15 * 60
        let f = loginFailures.firstIndex { $0.username == username }
        if let f, loginFailures[f].count >= lockout {
            if clock - loginFailures[f].lastAt < lockoutSeconds {
                let until = loginFailures[f].lastAt + lockoutSeconds
                throw PIMSError(.accountTemporarilyLockedOut, detail: "5 wrong passwords in a row: locked until \(until)")
            }
            loginFailures.remove(at: f)
        }
        guard let account = account(username), account.password == password else {
            if let f = loginFailures.firstIndex(where: { $0.username == username }) {
                loginFailures[f].count += 1
                loginFailures[f].lastAt = clock
            } else {
                loginFailures.append(LoginFailures(username: username, count: 1, lastAt: clock))
            }
            throw PIMSError.invalid("password", detail: "unknown username or wrong password")
        }
        loginFailures.removeAll { $0.username == username }
        sessions[s].user = username
        sessions[s].closeWindows()
        sessions[s].selectedVIN = nil
        return ["username": .string(username)]
    }
}
