/// A fault injected by the simulator controls (PIMS §7): for calls to `name` (and `sub`, when given),
/// answer `code` instead of running the rule, and/or add `latencyMs`; for the next `times` matching
/// calls, or for a `probability` share of them drawn from the world's seeded generator. Whether `code`
/// is a code of the system that owns `name` is for that system to say (`SimSystem.faultCodeProblem`).
public struct FaultRule: Sendable, Hashable, Codable {
    public var name: String
    public var sub: String?
    public var code: ErrorCodeValue?
    public var latencyMs: Int?
    public var times: Int?
    public var probability: Double?

    public init(name: String, sub: String? = nil, code: ErrorCodeValue? = nil, latencyMs: Int? = nil, times: Int? = nil,
                probability: Double? = nil) {
        self.name = name
        self.sub = sub
        self.code = code
        self.latencyMs = latencyMs
        self.times = times
        self.probability = probability
    }

    /// Why this rule cannot be used whatever its system, or nil.
    public var shapeProblem: String? {
        if name.isEmpty { return "a fault needs the API \"name\" it applies to" }
        if code == nil && latencyMs == nil { return "a fault needs a \"code\", a \"latencyMs\", or both" }
        if let latencyMs, latencyMs < 0 || latencyMs > 600_000 { return "latencyMs must be between 0 and 600000" }
        if times != nil && probability != nil { return "a fault takes \"times\" or \"probability\", not both" }
        if let times, times < 1 { return "times must be at least 1" }
        if let probability, !(probability > 0 && probability <= 1) { return "probability must be in (0, 1]" }
        return nil
    }

    public func matches(_ request: CallRequest) -> Bool {
        guard request.name == name else { return false }
        guard let sub else { return true }
        return request.subAPI?.lowercased() == sub.lowercased()
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = ["name": .string(name)]
        if let sub { o["sub"] = .string(sub) }
        if let code { o["code"] = code.json }
        if let latencyMs { o["latencyMs"] = .int(latencyMs) }
        if let times { o["times"] = .int(times) }
        if let probability { o["probability"] = .double(probability) }
        return .object(o)
    }
}

extension FaultRule {
    /// A rule as a `fault` control gives it, checked for shape.
    public init(_ control: SimControl) throws(ControlError) {
        let f = control.read
        self.init(name: try f.string("name"))
        sub = try f.optionalString("sub")
        if let c = control.fields["code"], c != .null {
            guard let code = ErrorCodeValue(json: c) else { throw f.fail("\"code\" must be an error code (a number or a name)") }
            self.code = code
        }
        latencyMs = try f.optionalInt("latencyMs")
        times = try f.optionalInt("times")
        probability = try f.optionalDouble("probability")
        if let problem = shapeProblem { throw f.fail(problem) }
    }

    static let rulesKey = "rules"

    /// The rules a backend reported (`"rules"` of the `faults` answer and event); what cannot be
    /// read is left out.
    public static func list(_ json: JSONValue?) -> [FaultRule] {
        (json?.arrayValue ?? []).compactMap { item in
            item.objectValue.flatMap { try? FaultRule(SimControl("fault", $0)) }
        }
    }

    /// The rules in force, as answers and events report them.
    public static func report(_ rules: [FaultRule]) -> [String: JSONValue] {
        ["faults": .int(rules.count), rulesKey: .array(rules.map(\.json))]
    }
}
