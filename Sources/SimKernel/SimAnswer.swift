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
