import PIMS
import PIMSSimulator
import Testing

/// The backends the conformance suite runs against. Every test of this target takes one of these as
/// its argument, so that one contract is checked on every backend (PIMS-BEHAVIOUR.md, preamble).
enum BackendKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inProcess
    var testDescription: String { rawValue }

    /// The backends built so far.
    static let available: [BackendKind] = [.inProcess]
}

/// A backend ready for a test, on a given scenario, and how to let it go.
struct BackendHandle: Sendable {
    let backend: any PIMSBackend
    let close: @Sendable () async -> Void
}

func makeBackend(_ kind: BackendKind, scenario: String) async throws -> BackendHandle {
    switch kind {
    case .inProcess:
        let backend = try InProcessBackend(scenario: scenario, honoursLatency: false)
        return BackendHandle(backend: backend, close: {})
    }
}

/// Runs `body` with a fresh backend of `kind` on `scenario`, closing it afterwards.
func withBackend<T>(_ kind: BackendKind, _ scenario: String, _ body: (Driver) async throws -> T) async throws -> T {
    let handle = try await makeBackend(kind, scenario: scenario)
    do {
        let result = try await body(Driver(backend: handle.backend))
        await handle.close()
        return result
    } catch {
        await handle.close()
        throw error
    }
}
