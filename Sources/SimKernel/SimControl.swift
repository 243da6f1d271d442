/// A simulator control: what a tester does to the world that a real app cannot (`{"sim": "advance",
/// "seconds": 60}`). The same objects are `batch` control lines and `POST /v1/sim` bodies. The kernel
/// reads its own kinds (`KernelControl`); each system reads its own (PIMS's `inbox`, Futurae's
/// `futurae.activation`, …); the world dispatches by `kind`.
public struct SimControl: Sendable, Hashable, CustomStringConvertible {
    public var kind: String
    /// The control's fields, without `sim`.
    public var fields: [String: JSONValue]

    public init(_ kind: String, _ fields: [String: JSONValue] = [:]) {
        self.kind = kind
        self.fields = fields
    }

    /// Reads a control object: a JSON object whose `sim` names the control.
    public init(json: JSONValue) throws(ControlError) {
        guard var o = json.objectValue else { throw ControlError("a control must be a JSON object") }
        guard let kind = o["sim"]?.stringValue, !kind.isEmpty else { throw ControlError("\"sim\" must name a control") }
        o["sim"] = nil
        self.init(kind, o)
    }

    /// Reads a control from a top-level object's fields as parsed (`batch`'s lines): its fields
    /// gathered once, without `sim`.
    public init(fields: JSONFields) throws(ControlError) {
        guard let kind = fields["sim"]?.stringValue, !kind.isEmpty else { throw ControlError("\"sim\" must name a control") }
        self.init(kind, fields.dictionary(without: "sim"))
    }

    public var json: JSONValue { .object(fields.merging(["sim": .string(kind)]) { _, new in new }) }
    public var description: String { JSONText.encode(json) }

    /// Typed reading of the fields, with errors that name the control and the key.
    public var read: ControlFields { ControlFields(fields, kind) }

    /// Refuses a field the control does not take (a typo is caught, not ignored), naming the known ones.
    public func refuseUnknownKeys(_ known: [String]) throws(ControlError) {
        if let key = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw read.fail("unknown key \"\(key)\" (known: \(known.joined(separator: ", ")))")
        }
    }
}

/// Why a control was refused before it ran.
public struct ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A control's fields, read with errors like `advance: "seconds" must be a whole number`.
public struct ControlFields: Sendable {
    public let values: [String: JSONValue]
    public let kind: String
    public init(_ values: [String: JSONValue], _ kind: String) {
        self.values = values
        self.kind = kind
    }

    public func fail(_ reason: String) -> ControlError { ControlError("\(kind): \(reason)") }

    public func string(_ key: String) throws(ControlError) -> String {
        guard let v = values[key], v != .null else { throw fail("missing \"\(key)\"") }
        guard let s = v.stringValue else { throw fail("\"\(key)\" must be a string") }
        return s
    }
    public func optionalString(_ key: String) throws(ControlError) -> String? {
        guard let v = values[key], v != .null else { return nil }
        return try string(key)
    }
    public func optionalBool(_ key: String) throws(ControlError) -> Bool? {
        guard let v = values[key], v != .null else { return nil }
        guard let b = v.boolValue else { throw fail("\"\(key)\" must be true or false") }
        return b
    }
    public func bool(_ key: String) throws(ControlError) -> Bool {
        guard let b = try optionalBool(key) else { throw fail("missing \"\(key)\"") }
        return b
    }
    public func optionalInt(_ key: String) throws(ControlError) -> Int? {
        guard let v = values[key], v != .null else { return nil }
        guard let i = v.intValue else { throw fail("\"\(key)\" must be a whole number") }
        // Every number a control brings is held to `NumberBounds` here, before any arithmetic.
        if let problem = NumberBounds.wholeProblem(i) { throw fail("\"\(key)\": \(problem)") }
        return i
    }
    public func int(_ key: String) throws(ControlError) -> Int {
        guard let i = try optionalInt(key) else { throw fail("missing \"\(key)\"") }
        return i
    }
    public func optionalDouble(_ key: String) throws(ControlError) -> Double? {
        guard let v = values[key], v != .null else { return nil }
        guard let d = v.doubleNumber else { throw fail("\"\(key)\" must be a number") }
        if let problem = NumberBounds.fractionProblem(d) { throw fail("\"\(key)\": \(problem)") }
        return d
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
