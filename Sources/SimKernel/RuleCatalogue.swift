/// What a system's contract promises, as coverage counts it: each rule with the branches an answer
/// can come from (an error code, "ok", or a rule's own mark), and every error code the system can
/// answer. A new system declares its own; coverage knows no system by name.
public struct RuleCatalogue: Sendable, Hashable {
    public struct Rule: Sendable, Hashable {
        public var id: String
        public var summary: String
        public var branches: [String]
        public init(_ id: String, _ summary: String, branches: [String]) {
            self.id = id
            self.summary = summary
            self.branches = branches
        }
    }

    public var system: String
    public var rules: [Rule]
    public var errorCodes: [String]

    public init(system: String, rules: [Rule], errorCodes: [String]) {
        self.system = system
        self.rules = rules
        self.errorCodes = errorCodes
    }
}
