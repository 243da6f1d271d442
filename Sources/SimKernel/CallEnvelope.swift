/// The verb of a call: PIMS's SDK has `get` and `set`, and `subscribe`/`unsubscribe` for what the
/// vehicle tells (R27); SDKs without that split (Futurae, CA Strong Authentication) send `call`.
public enum CallType: String, Sendable, Hashable, Codable, CaseIterable {
    case get, set, call, subscribe, unsubscribe
}

/// A request envelope: `{"type": "get", "name": "pims.authentication.smscode", "params": {…}}`. The
/// system is named by the prefix of `name` (`pims.`, `futurae.`, `casa.`).
public struct CallRequest: Sendable, Hashable {
    public var type: CallType
    public var name: String
    public var params: [String: JSONValue]

    public init(_ type: CallType, _ name: String, _ params: [String: JSONValue] = [:]) {
        self.type = type
        self.name = name
        self.params = params
    }

    public var json: JSONValue {
        .object(["type": .string(type.rawValue), "name": .string(name), "params": .object(params)])
    }

    /// The sub-API chosen by `params.type` or `params.action`, for logs and fault matching.
    public var subAPI: String? {
        params["action"]?.stringValue ?? params["type"]?.stringValue
    }

    public enum EnvelopeError: Error, Equatable, CustomStringConvertible {
        case notAnObject
        case missing(String)
        case wrongType(String, expected: String)
        case badCallType(String)
        public var description: String {
            switch self {
            case .notAnObject: "a request must be a JSON object"
            case .missing(let k): "missing \"\(k)\""
            case .wrongType(let k, let expected): "\"\(k)\" must be \(expected)"
            case .badCallType(let t): "\"type\" must be \"get\", \"set\", \"call\", \"subscribe\" or \"unsubscribe\", not \"\(t)\""
            }
        }
    }

    /// Reads an envelope from JSON; other keys (like batch's `session`) are ignored.
    public init(json: JSONValue) throws(EnvelopeError) {
        guard case .object(let o) = json else { throw .notAnObject }
        try self.init(field: { o[$0] })
    }

    /// Reads an envelope from a top-level object's fields as parsed (`batch`'s lines).
    public init(fields: JSONFields) throws(EnvelopeError) {
        try self.init(field: { fields[$0] })
    }

    private init(field o: (String) -> JSONValue?) throws(EnvelopeError) {
        guard let typeValue = o("type") else { throw .missing("type") }
        guard let typeString = typeValue.stringValue else { throw .wrongType("type", expected: "a string") }
        guard let type = CallType(rawValue: typeString) else { throw .badCallType(typeString) }
        guard let nameValue = o("name") else { throw .missing("name") }
        guard let name = nameValue.stringValue else { throw .wrongType("name", expected: "a string") }
        var params: [String: JSONValue] = [:]
        if let p = o("params"), p != .null {
            guard let po = p.objectValue else { throw .wrongType("params", expected: "an object") }
            params = po
        }
        self.init(type, name, params)
    }
}

extension CallRequest {
    /// The parameters given: a `null` value is an absent parameter.
    public var givenParams: [String: JSONValue] { params.filter { $0.value != .null } }

    /// The input checks of SDKs whose every call is a `call` with named parameters (Futurae F0, CA
    /// Strong Authentication C0): why this request is not a call of `name`, which takes `parameters`,
    /// or nil.
    public func problem(asCall name: String, taking parameters: [String], given: [String: JSONValue]) -> String? {
        guard type == .call else { return "\(name) has type \"call\", not \"\(type.rawValue)\"" }
        if let unknown = given.keys.sorted().first(where: { !parameters.contains($0) }) {
            let takes = parameters.isEmpty ? "no parameters" : parameters.joined(separator: ", ")
            return "unknown parameter \"\(unknown)\" (\(name) takes \(takes))"
        }
        return nil
    }
}

/// `SUCCEEDED` or `FAILED`.
public enum ResponseStatus: String, Sendable, Hashable, Codable {
    case succeeded = "SUCCEEDED"
    case failed = "FAILED"
}

/// A response envelope, success (`result`) or failure (`error`). A failure may carry a `result`
/// too: CA Strong Authentication's response objects stay readable when they fail (`attemptsLeft`).
public struct CallResponse: Sendable, Hashable {
    public var transactionId: String
    public var outcome: Result<JSONValue, CallError>
    /// The response object of a failure, for systems whose SDK returns one (nil for PIMS).
    public var failureResult: JSONValue?
    /// Which rule answered and when: metadata for walks and coverage, not part of the envelope
    /// (neither its JSON nor its equality), so clients see what the SDK gives them.
    public var trace: AnswerTrace?

    public static func == (a: CallResponse, b: CallResponse) -> Bool {
        a.transactionId == b.transactionId && a.outcome == b.outcome && a.failureResult == b.failureResult
    }
    public func hash(into h: inout Hasher) {
        h.combine(transactionId)
        h.combine(outcome)
        h.combine(failureResult)
    }

    public init(transactionId: String, outcome: Result<JSONValue, CallError>, failureResult: JSONValue? = nil, trace: AnswerTrace? = nil) {
        self.transactionId = transactionId
        self.outcome = outcome
        self.failureResult = failureResult
        self.trace = trace
    }

    public static func success(_ tx: String, _ result: JSONValue = .null) -> CallResponse {
        CallResponse(transactionId: tx, outcome: .success(result))
    }
    public static func failure(_ tx: String, _ error: CallError, result: JSONValue? = nil) -> CallResponse {
        CallResponse(transactionId: tx, outcome: .failure(error), failureResult: result)
    }

    public var status: ResponseStatus {
        if case .success = outcome { return .succeeded }
        return .failed
    }
    /// The result of a success, or the response object a failure carries.
    public var result: JSONValue? {
        if case .success(let r) = outcome { return r }
        return failureResult
    }
    public var error: CallError? { if case .failure(let e) = outcome { return e }; return nil }
    public var errorCode: ErrorCodeValue? { error?.code }

    public var json: JSONValue {
        switch outcome {
        case .success(let r):
            return .object(["transactionId": .string(transactionId), "status": "SUCCEEDED", "result": r])
        case .failure(let e):
            var o: [String: JSONValue] = ["transactionId": .string(transactionId), "status": "FAILED", "error": e.json]
            if let failureResult { o["result"] = failureResult }
            return .object(o)
        }
    }

    /// The bytes of `JSONText.encode(json)`, written without building the object (keys in their
    /// sorted order): `batch` answers most lines with a response.
    public func write(into out: inout [UInt8]) {
        switch outcome {
        case .success(let result):
            out.append(contentsOf: #"{"result":"#.utf8)
            JSONText.write(result, into: &out)
            out.append(contentsOf: #","status":"SUCCEEDED","transactionId":"#.utf8)
        case .failure(let error):
            out.append(contentsOf: #"{"error":"#.utf8)
            JSONText.write(error.json, into: &out)
            if let failureResult {
                out.append(contentsOf: #","result":"#.utf8)
                JSONText.write(failureResult, into: &out)
            }
            out.append(contentsOf: #","status":"FAILED","transactionId":"#.utf8)
        }
        JSONText.writeString(transactionId, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    public init(json: JSONValue) throws(CallRequest.EnvelopeError) {
        guard case .object(let o) = json else { throw .notAnObject }
        guard let tx = o["transactionId"]?.stringValue else { throw .missing("transactionId") }
        switch o["status"]?.stringValue {
        case "SUCCEEDED":
            self.init(transactionId: tx, outcome: .success(o["result"] ?? .null))
        case "FAILED":
            guard let e = o["error"], let error = CallError(json: e) else { throw .missing("error.code") }
            self.init(transactionId: tx, outcome: .failure(error), failureResult: o["result"])
        default:
            throw .wrongType("status", expected: "\"SUCCEEDED\" or \"FAILED\"")
        }
    }
}
