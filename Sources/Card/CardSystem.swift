import SimKernel

/// CA Strong Authentication as a system of the world: `casa.*` calls (C0, C2–C12), the controls
/// `casa.purchase` (C1), `casa.pushes`, `casa.activationCode`, `casa.card`, `casa.issuer`, `casa.otherPhone` and `casa.withdraw`, the session option
/// `biometrics`, and the `casa:` section of scenario files.
public enum CardSystem: SectionedSystem, StepSystem {
    public typealias State = CardWorld
    /// C0 (input), then the session, then the call's rule (the kernel's `StepSystem.handle`).
    public typealias Step = CardStep

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
            CardFailure.unknownSession(name).callError
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
        // By key and tag: a scan of every transaction would cost each new session more than the last.
        if let d = state.devices.index(of: name) { state.devices.remove(at: d) }
        for t in state.transactions.positions(tagged: name) { state.transactions[t].verifiedOn = nil }
    }

    public static func firstProblem(in state: CardWorld, sessions: [String]) -> ScenarioProblem? {
        CardInvariants.firstProblem(in: state, sessions: sessions)
    }
}
