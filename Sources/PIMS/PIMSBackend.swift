/// A PIMS backend: the in-process simulator, or the HTTP client talking to `enrollsim serve`. Both
/// honour `shared/spec/PIMS-BEHAVIOUR.md`, and one conformance suite runs against both.
///
/// Sessions are named (`"default"` is the scenario's default session); a backend maps names to
/// whatever it needs (the HTTP client, to bearer tokens).
public protocol PIMSBackend: Sendable {
    /// One PIMS call. Never throws: every failure, transport included, is a FAILED envelope, as the
    /// SDK gives it to an app.
    func send(_ request: PIMSRequest, session: String) async -> PIMSResponse

    /// One simulator control (§8).
    func control(_ control: SimControl) async -> SimAnswer
    func events(session: String) -> AsyncStream<SimEvent>
}

extension PIMSBackend {
    public func events(session: String) -> AsyncStream<SimEvent> { AsyncStream { $0.finish() } }
    public func send(_ request: PIMSRequest) async -> PIMSResponse {
        await send(request, session: "default")
    }
}
