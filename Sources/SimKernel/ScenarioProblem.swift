/// A broken invariant of a loaded world: where in the scenario (a path of keys and indexes, which the
/// loader turns into a line) and why.
public struct ScenarioProblem: Sendable, Hashable {
    public var path: [String]
    public var reason: String

    public init(path: [String], reason: String) {
        self.path = path
        self.reason = reason
    }
}
