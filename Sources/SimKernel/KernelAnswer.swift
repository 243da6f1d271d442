/// The fields of the kernel's control answers and events, written and read here (the world writes
/// them; fronts and scripts read them): the simulated clock (`now`), the scenario (`load`, `reset`,
/// `export`, the `world` event), the fault rules (`faults` answers and event) and the bookmarks.
public enum KernelAnswer {
    static let nowKey = "now"
    static let scenarioKey = "scenario"
    static let bookmarkKey = "bookmark"
    static let bookmarksKey = "bookmarks"

    /// `{"now": …}`: the simulated clock, as ISO 8601.
    public static func now(_ time: SimTime) -> [String: JSONValue] { [nowKey: .string(time.iso8601)] }
    /// `{"scenario": …}`: a scenario's name, or an exported scenario's text.
    public static func scenario(_ text: String) -> [String: JSONValue] { [scenarioKey: .string(text)] }
    /// A bookmark as answers list it: its name and the simulated time it was taken at.
    public static func bookmark(name: String, at: SimTime) -> JSONValue {
        .object(["name": .string(name), "at": .string(at.iso8601)])
    }
    /// `{"bookmark": …, "bookmarks": […]}`, or `{"bookmarks": […]}` when none was just taken.
    public static func bookmarks(_ all: [JSONValue], taken: JSONValue? = nil) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [bookmarksKey: .array(all)]
        if let taken { fields[bookmarkKey] = taken }
        return fields
    }
    /// `{"bookmark": …, "now": …}`: the bookmark restored and the clock it brought back.
    public static func restored(_ bookmark: JSONValue, now time: SimTime) -> [String: JSONValue] {
        now(time).merging([bookmarkKey: bookmark]) { kept, _ in kept }
    }
}

extension SimAnswer {
    /// The simulated clock as of the answer (`advance`, `restore`, and the systems' reads).
    public var now: String? { fields[KernelAnswer.nowKey]?.stringValue }
    /// The scenario's name (`load`, `reset`) or text (`export`).
    public var scenario: String? { fields[KernelAnswer.scenarioKey]?.stringValue }
    /// The fault rules in force (`fault`, `clearFaults`, `faults`).
    public var faultRules: [FaultRule] { FaultRule.list(fields[FaultRule.rulesKey]) }
    /// The bookmarks' names, in the order kept (`bookmark`, `bookmarks`).
    public var bookmarkNames: [String] {
        (fields[KernelAnswer.bookmarksKey]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }
    /// When the bookmark just taken or restored was taken.
    public var bookmarkedAt: String? { fields[KernelAnswer.bookmarkKey]?["at"]?.stringValue }
}

extension SimEvent {
    /// A `faults` event's rules.
    public var faultRules: [FaultRule] { FaultRule.list(data[FaultRule.rulesKey]) }
    /// A `world` event's scenario.
    public var scenario: String? { data[KernelAnswer.scenarioKey]?.stringValue }
}
