/// What produced an answer: the system, its rule and the branch the rule took, and the simulated
/// time of the step. Walks record it; coverage counts it; clients never see it unless they ask.
public struct AnswerTrace: Sendable, Hashable {
    /// "pims", "futurae": the system that answered (nil: the world itself, an injected fault).
    public var system: String?
    /// The contract's rule ("R11", "F2"), nil when the call was refused before any rule (input checks).
    public var rule: String?
    /// The branch: a rule's own mark (`KernelContext.took`), else the error code, else "ok".
    public var branch: String
    /// Simulated time when the call was answered.
    public var at: SimTime
    /// The answer was a fault injected from the simulator (the rule named is the one the call would
    /// have gone through, and the branch the fault's code): coverage counts it apart.
    public var injected: Bool

    public init(system: String?, rule: String?, branch: String, at: SimTime, injected: Bool = false) {
        self.system = system
        self.rule = rule
        self.branch = branch
        self.at = at
        self.injected = injected
    }

    /// The branch an answer without a rule's own mark took: its error code (a name for systems that
    /// name them), or "ok".
    public static func branch(of outcome: Result<JSONValue, CallError>, marked: String?) -> String {
        if let marked { return marked }
        switch outcome {
        case .success: return "ok"
        case .failure(let e): return e.name ?? e.code.description
        }
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = ["branch": .string(branch), "at": .string(at.iso8601)]
        if let system { o["system"] = .string(system) }
        if let rule { o["rule"] = .string(rule) }
        if injected { o["injected"] = .bool(true) }
        return .object(o)
    }

    public init?(json: JSONValue) {
        guard let branch = json["branch"]?.stringValue, let at = json["at"]?.stringValue.flatMap(SimTime.init(iso8601:)) else { return nil }
        self.init(system: json["system"]?.stringValue, rule: json["rule"]?.stringValue, branch: branch, at: at,
                  injected: json["injected"]?.boolValue ?? false)
    }
}
