/// The controls every world has, whatever its systems: sessions, the clock, faults, scenarios.
public enum KernelControl: Sendable, Hashable {
    case session(name: String, settings: SessionSettings)
    case advance(seconds: Int)
    case fault(FaultRule)
    case clearFaults
    /// The fault rules now in force (used-up ones are gone).
    case faults
    case load(ScenarioSource)
    case reset
    case export
    /// The world as it is now kept under a name (the same name replaces it), to come back to.
    case bookmark(name: String)
    /// The world as it was bookmarked, the bookmarks kept.
    case restore(name: String)
    /// The bookmarks kept, with when each was taken.
    case bookmarks
    /// A session's events since its last read (answered by the backend, which numbers events).
    case events(session: String)

    public static let kinds = ["session", "advance", "fault", "clearFaults", "faults", "load", "reset", "export",
                               "bookmark", "restore", "bookmarks", "events"]

    /// A bookmark's name: 1 to 64 characters, none a control character or a bidi override.
    public static func bookmarkNameProblem(_ name: String) -> String? {
        if name.isEmpty || name.count > 64 { return "\"name\" must have 1 to 64 characters" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                                                  || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "\"name\" must not hold control or formatting characters"
        }
        return nil
    }

    /// The kernel's reading of a control, or nil when `kind` is not the kernel's. Session options are
    /// read here as given; the systems check them (`SimSystem.sessionOptions`).
    public init?(_ control: SimControl) throws(ControlError) {
        let f = control.read
        switch control.kind {
        case "session":
            let name = try f.optionalString("session") ?? "default"
            let device = try f.string("device")
            guard !device.isEmpty else { throw f.fail("\"device\" must not be empty") }
            var options = control.fields
            options["session"] = nil
            options["device"] = nil
            self = .session(name: name, settings: SessionSettings(device: device, options: options.filter { $0.value != .null }))
        case "advance":
            guard let s = control.fields["seconds"]?.intValue else { throw f.fail("\"seconds\" must be a whole number") }
            guard s >= 0 else { throw f.fail("the clock only moves forward (seconds ≥ 0)") }
            self = .advance(seconds: s)
        case "fault": self = .fault(try FaultRule(control))
        case "clearFaults": self = .clearFaults
        case "faults": self = .faults
        case "load":
            if let yaml = try f.optionalString("yaml") {
                self = .load(.yaml(yaml, origin: try f.optionalString("origin") ?? "<request>"))
            } else {
                self = .load(.parse(try f.string("scenario")))
            }
        case "reset": self = .reset
        case "export": self = .export
        case "bookmark", "restore":
            let name = try f.string("name")
            if let problem = Self.bookmarkNameProblem(name) { throw f.fail(problem) }
            self = control.kind == "bookmark" ? .bookmark(name: name) : .restore(name: name)
        case "bookmarks": self = .bookmarks
        case "events":
            let session = try f.string("session")
            guard !session.isEmpty else { throw f.fail("\"session\" must be a session name") }
            self = .events(session: session)
        default: return nil
        }
    }

    public var control: SimControl {
        switch self {
        case .session(let name, let s):
            SimControl("session", s.options.merging(["session": .string(name), "device": .string(s.device)]) { _, new in new })
        case .advance(let s): SimControl("advance", ["seconds": .int(s)])
        case .fault(let r):
            SimControl("fault", r.json.objectValue ?? [:])
        case .clearFaults: SimControl("clearFaults")
        case .faults: SimControl("faults")
        case .load(.named(let n)), .load(.file(let n)): SimControl("load", ["scenario": .string(n)])
        case .load(.yaml(let y, let origin)): SimControl("load", ["yaml": .string(y), "origin": .string(origin)])
        case .reset: SimControl("reset")
        case .export: SimControl("export")
        case .bookmark(let name): SimControl("bookmark", ["name": .string(name)])
        case .restore(let name): SimControl("restore", ["name": .string(name)])
        case .bookmarks: SimControl("bookmarks")
        case .events(let session): SimControl("events", ["session": .string(session)])
        }
    }
}

/// The kernel's controls as values, for fronts and scripts that build them.
extension SimControl {
    public static func session(name: String, settings: SessionSettings) -> SimControl {
        KernelControl.session(name: name, settings: settings).control
    }
    public static func advance(seconds: Int) -> SimControl { KernelControl.advance(seconds: seconds).control }
    public static func fault(_ rule: FaultRule) -> SimControl { KernelControl.fault(rule).control }
    public static var clearFaults: SimControl { KernelControl.clearFaults.control }
    public static var faults: SimControl { KernelControl.faults.control }
    public static func load(_ source: ScenarioSource) -> SimControl { KernelControl.load(source).control }
    public static var reset: SimControl { KernelControl.reset.control }
    public static var export: SimControl { KernelControl.export.control }
    public static func bookmark(_ name: String) -> SimControl { KernelControl.bookmark(name: name).control }
    public static func restore(_ name: String) -> SimControl { KernelControl.restore(name: name).control }
    public static var bookmarks: SimControl { KernelControl.bookmarks.control }
    public static func events(session: String) -> SimControl { KernelControl.events(session: session).control }
}
