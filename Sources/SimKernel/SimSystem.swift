/// A simulated system (PIMS, Futurae, CA Strong Authentication): its state in the world, the calls
/// whose names start with its prefix, its controls and its session options. The world composes the
/// systems; the server, the client and `batch` know none by name.
public protocol SimSystem: Sendable {
    associatedtype State: Sendable, Hashable

    /// "pims": the system's name in logs, coverage and scenario sections.
    static var id: String { get }
    /// Calls whose `name` starts with this ("pims.") are this system's.
    static var callPrefix: String { get }
    /// The control kinds this system reads.
    static var controlKinds: [String] { get }
    /// The session options this system reads.
    static var sessionOptions: [SessionOption] { get }
    /// The contract's rules and their branches, for coverage (what was exercised, what never was).
    static var ruleCatalogue: RuleCatalogue { get }

    /// Why an injected fault's `code` is not one of this system's, or nil.
    static func faultCodeProblem(_ code: ErrorCodeValue) -> String?
    /// The error the world answers for a failure of its own: an injected fault, an unknown session.
    static func kernelFailure(_ failure: KernelFailure) -> CallError

    /// One call, its input checked first, then its rule. Never throws: a refusal is a FAILED answer.
    static func handle(_ request: CallRequest, state: inout State, kernel: inout KernelContext) -> SystemAnswer
    /// One of this system's controls (`controlKinds`). It runs on the live state: a refusal (a thrown
    /// error or a failure answer) must come before any change.
    static func control(_ control: SimControl, state: inout State, kernel: inout KernelContext) throws(ControlError) -> SimAnswer
    /// Reads one of this system's controls without running it (the server refuses a malformed one
    /// with 400 before it touches the world).
    static func checkControl(_ control: SimControl) throws(ControlError)
    /// A session was created or replaced (the `session` control): start it afresh.
    static func openSession(_ name: String, settings: SessionSettings, state: inout State)
    /// Whether a world's state of this system has anything in it: a scenario states the systems it
    /// is about by the parts it fills (a sectioned system: its section).
    static func isUsed(_ state: State) -> Bool

    /// Plays what falls due on the simulated clock after `kernel.now` up to `until`, in time order
    /// (the `advance` control; events carry their own time).
    static func advance(until: SimTime, state: inout State, kernel: inout KernelContext)
    /// The answer to a call an injected fault hit, when the system answers it itself (PIMS R39: the
    /// phone cache); nil: the fault's error.
    static func injectedAnswer(_ code: ErrorCodeValue, _ request: CallRequest, state: inout State, kernel: inout KernelContext) -> SystemAnswer?
    /// Why a fault rule naming one of this system's APIs cannot be used, or nil (by default: its code).
    static func faultRuleProblem(_ rule: FaultRule) -> String?
}

extension SimSystem {
    public static var ruleCatalogue: RuleCatalogue { RuleCatalogue(system: id, rules: [], errorCodes: []) }
    public static func advance(until: SimTime, state: inout State, kernel: inout KernelContext) {}
    public static func injectedAnswer(_ code: ErrorCodeValue, _ request: CallRequest, state: inout State, kernel: inout KernelContext) -> SystemAnswer? { nil }
    public static func faultRuleProblem(_ rule: FaultRule) -> String? { rule.code.flatMap(faultCodeProblem) }
}

/// A failure the world itself decides, worded by the system that owns the call.
public enum KernelFailure: Sendable, Hashable {
    case injected(ErrorCodeValue)
    case unknownSession(String)
}

/// A system's answer to one call: the envelope's outcome, the response object a failure carries (if
/// the system has one), and the rule that answered (for logs, the flow map and coverage).
public struct SystemAnswer: Sendable, Hashable {
    public var outcome: Result<JSONValue, CallError>
    public var failureResult: JSONValue?
    public var rule: String?

    public init(_ outcome: Result<JSONValue, CallError>, failureResult: JSONValue? = nil, rule: String? = nil) {
        self.outcome = outcome
        self.failureResult = failureResult
        self.rule = rule
    }

    /// The outcome, moved out (a placeholder left in its place): a copy would retain and release
    /// every value of the result, on every call.
    public mutating func takeOutcome() -> Result<JSONValue, CallError> {
        var taken: Result<JSONValue, CallError> = .success(.null)
        swap(&taken, &outcome)
        return taken
    }
}

/// A system whose state is its own section of a scenario file (`futurae:`, `casa:`), read as
/// strictly as the rest and left out of files that do not use it.
public protocol SectionedSystem: SimSystem where State: Codable {
    /// The section's key in a scenario file.
    static var section: String { get }
    /// The state of a world that does not use this system (written as no section at all).
    static var emptyState: State { get }
    /// The invariants of the section (paths start at the section's key), or nil.
    static func firstProblem(in state: State, sessions: [String]) -> ScenarioProblem?
}

extension SectionedSystem {
    /// A sectioned system is used when its section is there (export leaves an empty one out).
    public static func isUsed(_ state: State) -> Bool { state != emptyState }
}
