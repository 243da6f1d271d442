/// `enrollsim batch`: one JSON object in, one JSON object out, per line, in order. Backend-agnostic,
/// so the same script runs in-process and over HTTP.
public struct BatchSession: Sendable {
    public let backend: any SimBackend
    /// Reads a control before it is sent, so that a malformed one gets the same answer whichever the
    /// backend (the world's `World.check`; the kernel knows no system's controls).
    public let checkControl: @Sendable (SimControl) throws(ControlError) -> Void
    /// Adds each answer's `trace` (the rule and branch that answered) for coverage, when the backend knows it.
    public let trace: Bool
    private var lineNumber = 0

    public init(backend: any SimBackend, trace: Bool = false,
                checkControl: @escaping @Sendable (SimControl) throws(ControlError) -> Void = { _ in }) {
        self.backend = backend
        self.trace = trace
        self.checkControl = checkControl
    }

    /// The answer to one input line, or nil for a blank line (skipped, so scripts may breathe).
    public mutating func answer(_ line: String) async -> String? {
        var out: [UInt8] = []
        guard await answer(line, into: &out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the answer to one input line to `out` (without a newline); false, and nothing
    /// appended, for a blank line.
    ///
    /// Runs on the caller's actor (`isolation`): a driver on the backend's own actor (`batch` in
    /// process) then hops to no other executor between calls.
    public mutating func answer(_ line: String, into out: inout [UInt8], isolation: isolated (any Actor)? = #isolation) async -> Bool {
        lineNumber += 1
        if line.isBlank { return false }
        let parsed = Result { () throws(JSONText.ParseError) in try JSONText.parseTopLevel(line) }
        await write(answer(parsed, number: lineNumber), into: &out)
        return true
    }

    /// The same for a line's bytes, without its line end (`batch` reading standard input): an
    /// ASCII line is read in place, without a String made of it; any other is read as a String
    /// reads it (invalid UTF-8 repaired), so that both give the same answers.
    public mutating func answer(utf8 line: [UInt8], into out: inout [UInt8], isolation: isolated (any Actor)? = #isolation) async -> Bool {
        guard line.allSatisfy({ $0 < 0x80 }) else { return await answer(String(decoding: line, as: UTF8.self), into: &out) }
        lineNumber += 1
        // ASCII whitespace is what `String.isBlank` finds in an ASCII line: space, tab, LF, VT, FF, CR.
        if line.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) { return false }
        let parsed = line.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONText.ParseError) in try JSONText.parseTopLevel(utf8: bytes) }
        }
        await write(answer(parsed, number: lineNumber), into: &out)
        return true
    }

    private func write(_ answer: consuming Answer, into out: inout [UInt8]) {
        switch answer {
        case .json(let json): JSONText.write(json, into: &out)
        case .response(let response): response.write(into: &out)
        }
    }

    /// Most lines are calls: their response is written as it is, without an object built for it.
    private enum Answer {
        case json(JSONValue)
        case response(CallResponse)
    }

    /// `parsed`: the line read by `JSONText.parseTopLevel`, whose envelope's few keys are then found
    /// by scanning its fields (no dictionary built for it).
    private func answer(_ parsed: Result<JSONText.TopLevel, JSONText.ParseError>, number: Int,
                        isolation: isolated (any Actor)? = #isolation) async -> Answer {
        func failure(_ message: String) -> Answer { .json(["ok": false, "error": .string("line \(number): \(message)")]) }
        let object: JSONFields
        switch parsed {
        case .success(.object(let fields)): object = fields
        case .success(.value(let json)): return failure("a line must be a JSON object, not a \(json.typeName)")
        case .failure(let error): return failure(error.description)
        }
        if object["sim"] != nil {
            do {
                let control = try SimControl(fields: object)
                try checkControl(control)
                let answer = await backend.control(control)
                if !answer.ok { return failure(answer.error ?? "failed") }
                return .json(answer.json)
            } catch {
                return failure(error.description)
            }
        }
        var session = "default"
        if let s = object["session"] {
            guard let name = s.stringValue, !name.isEmpty else { return failure("\"session\" must be a session name") }
            session = name
        }
        do {
            let request = try CallRequest(fields: object)
            let response = await backend.send(request, session: session)
            guard trace, let t = response.trace, case .object(var o) = response.json else { return .response(response) }
            o["trace"] = t.json
            return .json(.object(o))
        } catch {
            return failure("\(error.description) (a call is {\"type\": \"get\"|\"set\"|\"call\", \"name\": …, \"params\": {…}}; a control has a \"sim\" key)")
        }
    }
}

extension String {
    /// Nothing but whitespace: a batch line to skip. A line that opens with a visible ASCII
    /// character (every JSON line) is decided by its first byte.
    var isBlank: Bool {
        if let first = utf8.first, first > 0x20, first < 0x80 { return false }
        return allSatisfy(\.isWhitespace)
    }
}
