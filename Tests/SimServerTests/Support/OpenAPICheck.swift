import Foundation
import SimKernel
import Yams

/// `docs/openapi.yaml` as a checker of the server's answers: the status must be documented for the
/// route, and the body must match its schema. The JSON Schema subset the description uses: `$ref`,
/// `type`, `nullable`, `enum`, `required`, `properties`, `additionalProperties`, `items`, `oneOf`,
/// `anyOf`, `allOf`, `not`, `minimum`/`maximum`, `minLength`, `pattern`.
struct OpenAPICheck {
    let document: [String: Any]

    init() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        guard let document = try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any] else {
            throw ServeProcess.Failure("docs/openapi.yaml is not a mapping")
        }
        self.document = document
    }

    /// What is wrong with an answer of `method path` (empty: nothing).
    func problems(_ method: String, _ path: String, status: Int, body: String) -> [String] {
        let operations = (document["paths"] as? [String: Any])?[documentedPath(path)] as? [String: Any] ?? [:]
        // A method the path does not take is a 405, documented with the methods it takes.
        let undocumented = status == 405 ? operations.values.first { (($0 as? [String: Any])?["responses"] as? [String: Any])?["405"] != nil } : nil
        guard let operation = (operations[method.lowercased()] ?? undocumented) as? [String: Any] else {
            return ["\(method) \(path) is not documented"]
        }
        guard let responses = operation["responses"] as? [String: Any], let documented = responses[String(status)] else {
            return ["\(method) \(path) → \(status) is not documented"]
        }
        let response = resolve(documented)
        let content = response["content"] as? [String: Any] ?? [:]
        // An image (the Auth API's QR code) is checked by its own tests, not by a schema.
        if content["application/json"] == nil, content.keys.contains(where: { $0.hasPrefix("image/") }) { return [] }
        guard let schema = ((response["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] else {
            return body.isEmpty || method == "HEAD" ? [] : ["\(method) \(path) → \(status) documents no JSON body"]
        }
        guard let json = try? JSONText.parse(body) else { return ["\(method) \(path) → \(status): not JSON: \(body.prefix(200))"] }
        return validate(json, schema, at: "\(method) \(path) → \(status)")
    }

    /// The description's path for a request's target: its query left out, and a templated path
    /// (`/srv/auth/v1/users/{user_id}`) when no path is written out whole.
    func documentedPath(_ target: String) -> String {
        let path = String(target.prefix { $0 != "?" })
        let paths = document["paths"] as? [String: Any] ?? [:]
        if paths[path] != nil { return path }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return paths.keys.first { template in
            let pattern = template.split(separator: "/", omittingEmptySubsequences: false)
            return pattern.count == parts.count && zip(pattern, parts).allSatisfy { $0 == $1 || ($0.hasPrefix("{") && $0.hasSuffix("}")) }
        } ?? path
    }

    /// What is wrong with a request body for `method path` against its documented schema.
    func requestProblems(_ method: String, _ path: String, body: JSONValue) -> [String] {
        guard let operation = ((document["paths"] as? [String: Any])?[path] as? [String: Any])?[method.lowercased()] as? [String: Any],
              let schema = (((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"]
        else { return ["\(method) \(path) documents no JSON request body"] }
        return validate(body, schema, at: "request")
    }

    private func resolve(_ node: Any) -> [String: Any] {
        guard let object = node as? [String: Any] else { return [:] }
        guard let ref = object["$ref"] as? String else { return object }
        var target: Any = document
        for part in ref.dropFirst(2).split(separator: "/") { target = (target as? [String: Any])?[String(part)] ?? [:] }
        return resolve(target)
    }

    func validate(_ value: JSONValue, _ node: Any, at path: String) -> [String] {
        let schema = resolve(node)
        if value == .null, schema["nullable"] as? Bool == true { return [] }
        var problems: [String] = []
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
            problems.append("\(path): \(JSONText.encode(value)) is not one of \(options)")
        }
        if let type = schema["type"] as? String, !Self.has(value, type: type) {
            return problems + ["\(path): expected \(type), found \(JSONText.encode(value).prefix(80))"]
        }
        if case .object(let object) = value {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { problems.append("\(path): missing \"\(key)\"") }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, item) in object {
                if let property = properties[key] {
                    problems += validate(item, property, at: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected key \"\(key)\"")
                } else if let extra = schema["additionalProperties"] as? [String: Any] {
                    problems += validate(item, extra, at: "\(path).\(key)")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (i, item) in items.enumerated() { problems += validate(item, itemSchema, at: "\(path)[\(i)]") }
        }
        if let number = Self.number(value) {
            if let minimum = (schema["minimum"] as? NSNumber)?.doubleValue,
               number < minimum || (schema["exclusiveMinimum"] as? Bool == true && number == minimum) {
                problems.append("\(path): \(number) is under \(minimum)")
            }
            if let maximum = (schema["maximum"] as? NSNumber)?.doubleValue, number > maximum { problems.append("\(path): \(number) is over \(maximum)") }
        }
        if case .string(let text) = value {
            if let minLength = schema["minLength"] as? Int, text.count < minLength { problems.append("\(path): shorter than \(minLength)") }
            if let pattern = schema["pattern"] as? String, text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): \"\(text)\" does not match \(pattern)")
            }
        }
        if let all = schema["allOf"] as? [Any] { for s in all { problems += validate(value, s, at: path) } }
        if let any = schema["anyOf"] as? [Any], !any.contains(where: { validate(value, $0, at: path).isEmpty }) {
            problems.append("\(path): matches none of anyOf")
        }
        if let one = schema["oneOf"] as? [Any] {
            let matching = one.filter { validate(value, $0, at: path).isEmpty }.count
            if matching != 1 { problems.append("\(path): matches \(matching) of oneOf, not exactly one") }
        }
        if let not = schema["not"], validate(value, not, at: path).isEmpty { problems.append("\(path): matches what \"not\" excludes") }
        return problems
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("integer", .int): true
        case ("number", _): number(value) != nil
        default: false
        }
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    static func equal(_ value: JSONValue, _ option: Any) -> Bool {
        switch value {
        case .null: option is NSNull
        case .string(let s): (option as? String) == s
        case .bool(let b): (option as? Bool) == b
        case .int(let i): (option as? Int) == i
        default: false
        }
    }
}
