/// What a system's rule or control sees of the world beyond its own state: the simulated clock, the
/// calling session and its settings, the seeded generator for codes and ids, and the events it
/// produces (the world numbers and publishes them).
public struct KernelContext: Sendable {
    public let now: SimTime
    public let session: String
    /// The calling session's settings; nil when the world has no session of that name.
    public let settings: SessionSettings?
    public var codes: SeededGenerator
    public var events: [PendingEvent] = []
    /// False when nobody can hear (an in-process backend without subscribers): events are not even
    /// built, so that a call costs what it did before events existed.
    public let recordsEvents: Bool
    /// How long after this step the call is answered (an injected latency fault), in milliseconds:
    /// the call is in flight that long, which a rule may need to know (Futurae F2.2).
    public var latencyMs = 0
    /// The branch of the rule that answered, when one code covers several (coverage): "step 8", "cached".
    public private(set) var branch: String?
    /// The rule that answered when it is not the call's own (a rule every call passes: R0c, F7).
    public private(set) var rule: String?
    /// The call's transaction id (a subscription or a command is named by it: R27, R30).
    public var transactionId = ""
    /// The world's fault rules, lent for the call: a rule may draw one that acts later (R45), and
    /// sets `faultsChanged` when it did.
    public var faults: [FaultRule] = []
    public var faultsChanged = false
    /// The device id of a session of the world, by session name: set for a system's control (a back
    /// office addresses devices by id; a call sees only its own session). A look-up, not a table
    /// built per control: its cost would grow with the sessions.
    public var sessionDevice: @Sendable (String) -> String? = { _ in nil }

    public init(now: SimTime, session: String, settings: SessionSettings?, codes: SeededGenerator, recordsEvents: Bool = true) {
        self.now = now
        self.session = session
        self.settings = settings
        self.codes = codes
        self.recordsEvents = recordsEvents
    }

    /// Marks the branch a rule took (the last mark wins): one line at a decision point. `rule` names
    /// a rule every call passes through (R0c) when that one answered instead of the call's own.
    public mutating func took(_ branch: String, rule: String? = nil) {
        self.branch = branch
        if let rule { self.rule = rule }
    }

    public mutating func emit(_ kind: SimEvent.Kind, _ data: @autoclosure () -> JSONValue, to sessions: @autoclosure () -> [String]? = nil) {
        guard recordsEvents else { return }
        events.append(PendingEvent(kind, data(), sessions: sessions()))
    }

    /// An event for `sessions` and the back office alone (`SimEvent.backOffice`).
    public mutating func emit(_ kind: SimEvent.Kind, _ data: @autoclosure () -> JSONValue, toBackOfficeAnd sessions: @autoclosure () -> [String]) {
        guard recordsEvents else { return }
        events.append(PendingEvent(kind, data(), sessions: sessions(), backOffice: true))
    }

    /// An event of a moment on the simulated clock other than now (a step played by `advance`).
    public mutating func emit(_ kind: SimEvent.Kind, _ data: @autoclosure () -> JSONValue, to sessions: [String], at: SimTime) {
        guard recordsEvents else { return }
        events.append(PendingEvent(kind, data(), sessions: sessions, at: at))
    }
}
