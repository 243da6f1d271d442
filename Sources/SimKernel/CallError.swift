/// An error code as a system writes it: PIMS and Futurae use numbers (`2305`; `2` in the domain
/// `SDKURLError`), CA Strong Authentication uses strings (`ERROR_ATTEMPTS_EXHAUSTED`).
public enum ErrorCodeValue: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    case number(Int)
    case text(String)

    public init(integerLiteral value: Int) { self = .number(value) }
    public init(stringLiteral value: String) { self = .text(value) }

    public var intValue: Int? { if case .number(let n) = self { return n }; return nil }
    public var description: String {
        switch self {
        case .number(let n): String(n)
        case .text(let s): s
        }
    }
    public var json: JSONValue {
        switch self {
        case .number(let n): .int(n)
        case .text(let s): .string(s)
        }
    }
    public init?(json: JSONValue) {
        switch json {
        case .int(let n): self = .number(n)
        case .string(let s) where !s.isEmpty: self = .text(s)
        default: return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) { self = .number(n) } else { self = .text(try c.decode(String.self)) }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let n): try c.encode(n)
        case .text(let s): try c.encode(s)
        }
    }
}

/// The `error` object of a FAILED envelope: the code, its label, and where the simulator made a
/// decision worth explaining (a policy limit, attempts left) a `detail`. Futurae's errors add the
/// SDK's error `domain` and case `name`.
public struct CallError: Error, Sendable, Hashable, Codable {
    public var domain: String?
    public var code: ErrorCodeValue
    public var name: String?
    public var label: String
    public var detail: String?

    public init(domain: String? = nil, code: ErrorCodeValue, name: String? = nil, label: String, detail: String? = nil) {
        self.domain = domain
        self.code = code
        self.name = name
        self.label = label
        self.detail = detail
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = ["code": code.json, "label": .string(label)]
        if let domain { o["domain"] = .string(domain) }
        if let name { o["name"] = .string(name) }
        if let detail { o["detail"] = .string(detail) }
        return .object(o)
    }

    /// Reads an `error` object; nil when it has no usable code. A missing label reads as the code.
    public init?(json: JSONValue) {
        guard let code = json["code"].flatMap(ErrorCodeValue.init(json:)) else { return nil }
        self.init(domain: json["domain"]?.stringValue, code: code, name: json["name"]?.stringValue,
                  label: json["label"]?.stringValue ?? code.description, detail: json["detail"]?.stringValue)
    }
}
