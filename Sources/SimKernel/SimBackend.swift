/// A backend of every system: the in-process simulator, or the HTTP client talking to
/// `enrollsim serve`. Both honour each system's rules (docs/*-rules.md), and one conformance suite runs
/// against both.
///
/// Sessions are named (`"default"` is the scenario's default session); a backend maps names to
/// whatever it needs (the HTTP client, to bearer tokens).
public protocol SimBackend: Sendable {
    /// One call of any system. Never throws: every failure, transport included, is a FAILED
    /// envelope, as the SDK gives it to an app.
    func send(_ request: CallRequest, session: String) async -> CallResponse

    /// One simulator control.
    func control(_ control: SimControl) async -> SimAnswer

    /// What happens to the session from now on (an SMS to its phone, its account changed, …), in
    /// order, each event once. The stream ends when the backend goes away.
    func events(session: String) -> AsyncStream<SimEvent>
}

extension SimBackend {
    public func send(_ request: CallRequest) async -> CallResponse {
        await send(request, session: "default")
    }

    /// A backend that never tells (a test double, a benchmark's echo): a stream that has ended.
    public func events(session: String) -> AsyncStream<SimEvent> {
        AsyncStream { $0.finish() }
    }
}
