/// What a session is: one app with its SDKs on one device. The device is every system's; the options
/// are each system's own (PIMS's `platform`, `sdk`, `variant`; Futurae's `lockType`, …), checked and
/// written in their canonical form by the system that owns them (`SimSystem.sessionOptions`), read
/// through typed accessors that system declares.
public struct SessionSettings: Sendable, Hashable, Codable {
    public var device: String
    public var options: [String: JSONValue]

    public init(device: String, options: [String: JSONValue] = [:]) {
        self.device = device
        self.options = options
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    // Flat: `{device, platform, sdk, variant, …}`, as scenario files have always written settings.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        device = try c.decode(String.self, forKey: Key("device"))
        var options: [String: JSONValue] = [:]
        for key in c.allKeys where key.stringValue != "device" {
            options[key.stringValue] = try c.decode(JSONValue.self, forKey: key)
        }
        self.options = options
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(device, forKey: Key("device"))
        // Scalars straight into the container: through `JSONValue?` each took an optional, a nested
        // container and dynamic casts (a fifth of exporting a world of 20,000 sessions).
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let text): try c.encode(text, forKey: Key(key))
            case .int(let number): try c.encode(number, forKey: Key(key))
            case .bool(let flag): try c.encode(flag, forKey: Key(key))
            default: try c.encode(value, forKey: Key(key))
            }
        }
    }
}

/// A session option a system reads: its key, and how a value given for it is checked and written.
public struct SessionOption: Sendable {
    public let key: String
    /// One line for help texts: "ios or android".
    public let allowed: String
    /// The canonical value, or nil when the value is not allowed.
    public let canonical: @Sendable (JSONValue) -> JSONValue?
    /// A default that is written into every session's settings when absent (nil: absent means the
    /// default, and nothing is written).
    public let written: JSONValue?

    public init(_ key: String, allowed: String, written: JSONValue? = nil, canonical: @escaping @Sendable (JSONValue) -> JSONValue?) {
        self.key = key
        self.allowed = allowed
        self.written = written
        self.canonical = canonical
    }

    /// An option whose value is one of `values` (strings).
    public static func oneOf(_ key: String, _ values: [String], written: JSONValue? = nil) -> SessionOption {
        SessionOption(key, allowed: spelled(values), written: written) { v in
            guard let s = v.stringValue, values.contains(s) else { return nil }
            return .string(s)
        }
    }
}

/// "a, b or c".
public func spelled(_ values: [String]) -> String {
    guard values.count > 1 else { return values.first ?? "" }
    // By index: a slice's `joined` asks the runtime for generic metadata (a conformance scan) at start.
    var text = values[0]
    for i in 1..<values.count - 1 { text += ", " + values[i] }
    return text + " or " + values[values.count - 1]
}
