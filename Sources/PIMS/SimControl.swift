/// Where a scenario comes from: a built-in name, a file, or YAML text (how a remote client sends a
/// local file to the server).
public enum ScenarioSource: Sendable, Hashable {
    case named(String)
    case file(String)
    case yaml(String, origin: String)

    /// A built-in name, or else a path (anything with a `/` or ending in `.yaml`/`.yml`).
    public static func parse(_ text: String) -> ScenarioSource {
        if text.contains("/") || text.hasSuffix(".yaml") || text.hasSuffix(".yml") { return .file(text) }
        return .named(text)
    }
}

/// The simulator controls (§8): what a tester does to the world that a real app cannot. The same
/// objects are `batch` control lines and `POST /v1/sim` bodies.
public enum SimControl: Sendable, Hashable {
    case session(name: String, settings: SessionSettings)
    case inbox(phone: PhoneNumber)
    case advance(seconds: Int)
    case proximity(username: String, vin: VIN, bluetoothOn: Bool?, paired: Bool?, keyInside: Bool?)
    case fault(FaultRule)
    case clearFaults
    case account(username: String)
    case load(ScenarioSource)
    case reset
    case export

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }

    /// Reads a control object (`{"sim": "advance", "seconds": 60}`).
    public init(json: JSONValue) throws(ParseError) {
        guard let o = json.objectValue else { throw ParseError("a control must be a JSON object") }
        guard let kind = o["sim"]?.stringValue else { throw ParseError("\"sim\" must name a control") }
        let f = Fields(o, kind)
        switch kind {
        case "session":
            let name = try f.optionalString("session") ?? "default"
            let device = try f.string("device")
            guard !device.isEmpty else { throw ParseError("session: \"device\" must not be empty") }
            let platformText = try f.optionalString("platform") ?? "ios"
            guard let platform = Platform(rawValue: platformText) else {
                throw ParseError("session: platform must be ios or android, not \"\(platformText)\"")
            }
            let sdkText = try f.optionalString("sdk") ?? "2.3"
            guard let sdk = SDKVersion(sdkText) else {
                throw ParseError("session: sdk must be 2.0, 2.1, 2.2 or 2.3, not \"\(sdkText)\"")
            }
            let variantText = try f.optionalString("variant") ?? "tutorial"
            guard let variant = SpecVariant(rawValue: variantText) else {
                throw ParseError("session: variant must be tutorial or reference, not \"\(variantText)\"")
            }
            self = .session(name: name, settings: SessionSettings(device: device, platform: platform, sdk: sdk, variant: variant))
        case "inbox":
            let text = try f.string("phone")
            guard let phone = PhoneNumber(text) else { throw ParseError("inbox: \"\(text)\" is not a phone number") }
            self = .inbox(phone: phone)
        case "advance":
            guard let s = o["seconds"]?.intValue else { throw ParseError("advance: \"seconds\" must be a whole number") }
            guard s >= 0 else { throw ParseError("advance: the clock only moves forward (seconds ≥ 0)") }
            self = .advance(seconds: s)
        case "proximity":
            let vinText = try f.string("vin")
            guard let vin = VIN(vinText) else { throw ParseError("proximity: \"\(vinText)\" is not a VIN") }
            self = .proximity(
                username: try f.string("username"), vin: vin,
                bluetoothOn: try f.optionalBool("bluetoothOn"), paired: try f.optionalBool("paired"),
                keyInside: try f.optionalBool("keyInside"))
        case "fault":
            var rule = FaultRule(name: try f.string("name"))
            rule.sub = try f.optionalString("sub")
            rule.code = try f.optionalInt("code")
            rule.latencyMs = try f.optionalInt("latencyMs")
            rule.times = try f.optionalInt("times")
            if let p = o["probability"], p != .null {
                guard let d = p.doubleNumber else { throw ParseError("fault: \"probability\" must be a number") }
                rule.probability = d
            }
            if let problem = rule.problem { throw ParseError("fault: \(problem)") }
            self = .fault(rule)
        case "clearFaults":
            self = .clearFaults
        case "account":
            self = .account(username: try f.string("username"))
        case "load":
            if let yaml = try f.optionalString("yaml") {
                self = .load(.yaml(yaml, origin: try f.optionalString("origin") ?? "<request>"))
            } else {
                self = .load(.parse(try f.string("scenario")))
            }
        case "reset":
            self = .reset
        case "export":
            self = .export
        default:
            throw ParseError("unknown control \"\(kind)\" (session, inbox, advance, proximity, fault, clearFaults, account, load, reset, export)")
        }
    }

    /// The control as a JSON object, as `init(json:)` reads it.
    public var json: JSONValue {
        switch self {
        case .session(let name, let s):
            ["sim": "session", "session": .string(name), "device": .string(s.device), "platform": .string(s.platform.rawValue),
             "sdk": .string(s.sdk.description), "variant": .string(s.variant.rawValue)]
        case .inbox(let phone): ["sim": "inbox", "phone": .string(phone.written)]
        case .advance(let s): ["sim": "advance", "seconds": .int(s)]
        case .proximity(let u, let vin, let b, let p, let k):
            .object(["sim": "proximity", "username": .string(u), "vin": .string(vin.value)]
                .merging(["bluetoothOn": b.map(JSONValue.bool), "paired": p.map(JSONValue.bool), "keyInside": k.map(JSONValue.bool)]
                    .compactMapValues { $0 }) { a, _ in a })
        case .fault(let r):
            .object(["sim": "fault", "name": .string(r.name)]
                .merging(["sub": r.sub.map(JSONValue.string), "code": r.code.map(JSONValue.int), "latencyMs": r.latencyMs.map(JSONValue.int),
                          "times": r.times.map(JSONValue.int), "probability": r.probability.map(JSONValue.double)].compactMapValues { $0 }) { a, _ in a })
        case .clearFaults: ["sim": "clearFaults"]
        case .account(let u): ["sim": "account", "username": .string(u)]
        case .load(.named(let n)), .load(.file(let n)): ["sim": "load", "scenario": .string(n)]
        case .load(.yaml(let y, let origin)): ["sim": "load", "yaml": .string(y), "origin": .string(origin)]
        case .reset: ["sim": "reset"]
        case .export: ["sim": "export"]
        }
    }
}

extension JSONValue {
    public var doubleNumber: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
}

private struct Fields {
    let o: [String: JSONValue]
    let kind: String
    init(_ o: [String: JSONValue], _ kind: String) { self.o = o; self.kind = kind }

    func string(_ key: String) throws(SimControl.ParseError) -> String {
        guard let v = o[key], v != .null else { throw SimControl.ParseError("\(kind): missing \"\(key)\"") }
        guard let s = v.stringValue else { throw SimControl.ParseError("\(kind): \"\(key)\" must be a string") }
        return s
    }
    func optionalString(_ key: String) throws(SimControl.ParseError) -> String? {
        guard let v = o[key], v != .null else { return nil }
        return try string(key)
    }
    func optionalBool(_ key: String) throws(SimControl.ParseError) -> Bool? {
        guard let v = o[key], v != .null else { return nil }
        guard let b = v.boolValue else { throw SimControl.ParseError("\(kind): \"\(key)\" must be true or false") }
        return b
    }
    func optionalInt(_ key: String) throws(SimControl.ParseError) -> Int? {
        guard let v = o[key], v != .null else { return nil }
        guard let i = v.intValue else { throw SimControl.ParseError("\(kind): \"\(key)\" must be a whole number") }
        return i
    }
}

/// A control's answer: `{"ok": true, …fields}` or `{"ok": false, "error": "…"}`.
public struct SimAnswer: Sendable, Hashable {
    public var ok: Bool
    public var fields: [String: JSONValue]
    public var error: String?

    public static func success(_ fields: [String: JSONValue] = [:]) -> SimAnswer { SimAnswer(ok: true, fields: fields, error: nil) }
    public static func failure(_ error: String) -> SimAnswer { SimAnswer(ok: false, fields: [:], error: error) }

    public var json: JSONValue {
        if ok { return .object(fields.merging(["ok": true]) { _, b in b }) }
        return .object(["ok": false, "error": .string(error ?? "failed")])
    }

    public init(ok: Bool, fields: [String: JSONValue], error: String?) {
        self.ok = ok
        self.fields = fields
        self.error = error
    }

    public init(json: JSONValue) {
        let o = json.objectValue ?? [:]
        ok = o["ok"]?.boolValue ?? false
        error = o["error"]?.stringValue
        fields = o.filter { $0.key != "ok" && $0.key != "error" }
    }

    public subscript(key: String) -> JSONValue? { fields[key] }
}
