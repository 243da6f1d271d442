import SimKernel

/// CA Strong Authentication as a system of the world: `casa.*` calls (C0, C2–C12), the controls
/// `casa.purchase` (C1), `casa.pushes`, `casa.activationCode` and `casa.card`, the session option
/// `biometrics`, and the `casa:` section of scenario files.
public enum CardSystem: SectionedSystem {
    public typealias State = CardWorld

    public static let id = "casa"
    public static let callPrefix = "casa."
    public static let controlKinds = CardControl.kinds
    public static let sessionOptions = SessionSettings.cardOptions
    public static let section = "casa"
    public static let emptyState = CardWorld.empty

    /// A fault names an error by its code: `"code": "ERROR_PIN_LOCKED"`.
    public static func faultCodeProblem(_ code: ErrorCodeValue) -> String? {
        if case .text(let name) = code, CardError(rawValue: name) != nil { return nil }
        return "a casa fault names its error code (\(CardError.allCases.map(\.code).joined(separator: ", "))), not \(code)"
    }

    public static func kernelFailure(_ failure: KernelFailure) -> CallError {
        switch failure {
        case .injected(let code):
            (CardError(rawValue: code.description) ?? .invalidParameter).callError(detail: "injected fault")
        case .unknownSession(let name):
            CardError.invalidParameter.callError(detail: "no session named \"\(name)\": create it with the session control")
        }
    }

    /// C0 (input), then the session, then the call's rule. Changes made before a failure stay (a wrong
    /// PIN counts, an expired transaction is marked), as the rules say.
    public static func handle(_ request: CallRequest, state: inout CardWorld, kernel: inout KernelContext) -> SystemAnswer {
        let call: CardCall
        do {
            call = try CardCall.parse(request)
        } catch {
            return answer(.failure(error), rule: "C0")
        }
        guard kernel.settings != nil else {
            return answer(.failure(CardFailure(.invalidParameter, "no session named \"\(kernel.session)\": create it with the session control")),
                          rule: call.rule)
        }
        var step = CardStep(world: state, kernel: kernel)
        state = .empty  // the step owns the world while it runs: no copy on write
        let outcome: Result<[String: JSONValue], CardFailure>
        do {
            outcome = .success(try step.run(call))
        } catch {
            outcome = .failure(error)
        }
        step.storeDevice()
        state = step.world
        kernel = step.kernel
        return answer(outcome, rule: call.rule)
    }

    /// §1: the envelope mirrors the SDK's response object, `status` `SUCCESS` or `FAILURE`.
    private static func answer(_ outcome: Result<[String: JSONValue], CardFailure>, rule: String) -> SystemAnswer {
        switch outcome {
        case .success(let fields): SystemAnswer(.success(.object(fields.merging(["status": "SUCCESS"]) { _, new in new })), rule: rule)
        case .failure(let f): SystemAnswer(.failure(f.error.callError(detail: f.detail)), failureResult: f.responseObject, rule: rule)
        }
    }

    public static func control(_ control: SimControl, state: inout CardWorld, kernel: inout KernelContext) throws(ControlError) -> SimAnswer {
        guard let card = try CardControl(control) else { throw ControlError("\(control.kind): not a casa control") }
        return state.run(card, kernel: &kernel)
    }

    public static func checkControl(_ control: SimControl) throws(ControlError) {
        _ = try CardControl(control)
    }

    /// A new or replaced session is a fresh install of the app: no cards, no notifications, and no
    /// verification waiting for it (C7). The server's records (cards, transactions) stay.
    public static func openSession(_ name: String, settings: SessionSettings, state: inout CardWorld) {
        state.devices.removeAll { $0.session == name }
        for t in state.transactions.indices where state.transactions[t].verifiedOn == name { state.transactions[t].verifiedOn = nil }
    }

    public static func firstProblem(in state: CardWorld, sessions: [String]) -> ScenarioProblem? {
        CardInvariants.firstProblem(in: state, sessions: sessions)
    }
}
