import SimKernel

/// The first line of a walk: what is needed to play it again without anything else — the format,
/// the program that wrote it, the scenario's whole YAML (a later change to a built-in does not change
/// the walk), the session the front opened with, the terminal's size and the backend.
public struct WalkHeader: Sendable, Hashable {
    public static let format = 1

    public var enrollsim: String
    /// The scenario as loaded, and where it came from; nil when the backend could not export it.
    public var scenario: String?
    public var scenarioOrigin: String?
    /// The front's session settings (device, platform, sdk, variant, username, password, pacing).
    public var session: [String: JSONValue]
    public var width: Int
    public var height: Int
    /// "in-process", or the server's URL.
    public var backend: String
    /// A tour's title (demo), shown by replay and in exports.
    public var title: String?
    /// A tour's caption for each flow step, by the step's label (demo shows it under the screen).
    public var captions: [String: String] = [:]

    public init(enrollsim: String, scenario: String?, scenarioOrigin: String?, session: [String: JSONValue], width: Int, height: Int,
                backend: String, title: String? = nil) {
        self.enrollsim = enrollsim
        self.scenario = scenario
        self.scenarioOrigin = scenarioOrigin
        self.session = session
        self.width = width
        self.height = height
        self.backend = backend
        self.title = title
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "kind": "walk", "format": .int(Self.format), "enrollsim": .string(enrollsim), "session": .object(session),
            "terminal": ["width": .int(width), "height": .int(height)], "backend": .string(backend),
        ]
        if let scenario { o["scenario"] = ["yaml": .string(scenario), "origin": .string(scenarioOrigin ?? "")] }
        if let title { o["title"] = .string(title) }
        if !captions.isEmpty { o["captions"] = .object(captions.mapValues(JSONValue.string)) }
        return .object(o)
    }
}

/// The keys of a walk header's `session` object that a front's part shares with the others: the
/// system the walk is about and whether its session was the scenario's own (session `default`). A
/// system's own options are under its id (`futurae`) or are its session options' keys.
public enum WalkSessionField {
    public static let system = "system"
    public static let scenarioInstance = "scenarioInstance"
}
