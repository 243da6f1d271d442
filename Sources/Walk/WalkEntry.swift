import SimKernel

/// One line of a walk after the header, with when it happened: `t`, real milliseconds since the
/// recording started, and `sim`, the simulated clock as last seen (nil before any answer told it).
public struct WalkEntry: Sendable, Hashable {
    public var t: Int
    public var sim: SimTime?
    public var what: What

    public enum What: Sendable, Hashable {
        /// A key, by its walk name (`a`, `Enter`, `Ctrl-R`, …: see `Key.walkName`).
        case key(String)
        case paste(String)
        case resize(width: Int, height: Int)
        /// A flow step begins: the label its calls carry (`4·1 enrollWithPhoneNumber`).
        case step(String)
        /// The world the backend opened with (a connect, or a scenario chosen on the session screen).
        case world(origin: String, yaml: String)
        case call(WalkCall)
        case control(SimControl, answer: SimAnswer)
        case event(SimEvent)
        /// What the screen must show here (`replay --check` renders it headless).
        case expect(WalkExpectation)
    }

    public init(t: Int, sim: SimTime?, _ what: What) {
        self.t = t
        self.sim = sim
        self.what = what
    }

    public var kind: String {
        switch what {
        case .key: "key"
        case .paste: "paste"
        case .resize: "resize"
        case .step: "step"
        case .world: "world"
        case .call: "call"
        case .control: "control"
        case .event: "event"
        case .expect: "expect"
        }
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = ["kind": .string(kind), "t": .int(t)]
        if let sim { o["sim"] = .string(sim.iso8601) }
        switch what {
        case .key(let k): o["key"] = .string(k)
        case .paste(let text): o["text"] = .string(text)
        case .resize(let w, let h):
            o["width"] = .int(w)
            o["height"] = .int(h)
        case .step(let label): o["step"] = .string(label)
        case .world(let origin, let yaml):
            o["origin"] = .string(origin)
            o["yaml"] = .string(yaml)
        case .call(let call): o.merge(call.fields) { _, new in new }
        case .control(let control, let answer):
            o["control"] = control.json
            o["answer"] = answer.json
        case .event(let event): o["event"] = event.json
        case .expect(let expectation): o.merge(expectation.fields) { _, new in new }
        }
        return .object(o)
    }
}

/// A call as the front made it: the session, the step it belongs to, the request, the answer, how
/// long it took, and what answered (rule and branch; absent when the backend does not say).
public struct WalkCall: Sendable, Hashable {
    public var session: String
    public var step: String
    public var request: CallRequest
    public var response: CallResponse
    public var ms: Int

    public init(session: String, step: String, request: CallRequest, response: CallResponse, ms: Int) {
        self.session = session
        self.step = step
        self.request = request
        self.response = response
        self.ms = ms
    }

    var fields: [String: JSONValue] {
        var o: [String: JSONValue] = ["session": .string(session), "step": .string(step), "request": request.json,
                                      "answer": response.json, "ms": .int(ms)]
        if let trace = response.trace { o["trace"] = trace.json }
        return o
    }
}
