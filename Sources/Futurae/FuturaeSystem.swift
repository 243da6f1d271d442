import SimKernel

/// Futurae as a system of the world: `futurae.*` calls (F0–F7), the controls `futurae.activation` and
/// `futurae.activations`, the session options `lockType`, `biometrics`, `sessionBinding` and
/// `unlockDuration`, and the `futurae:` section of scenario files.
public enum FuturaeSystem: SectionedSystem, StepSystem {
    public typealias State = FuturaeWorld
    /// F0 (input), then the session, then the call's rule (the kernel's `StepSystem.handle`).
    public typealias Step = FuturaeStep

    public static let id = "futurae"
    public static let callPrefix = "futurae."
    public static let controlKinds = FuturaeControl.kinds
    public static let sessionOptions = SessionSettings.futuraeOptions
    public static let section = "futurae"
    public static let emptyState = FuturaeWorld.empty

    /// A fault names a Futurae error by its case name (`"code": "activationCodeNotFound"`): the
    /// numbers repeat across the SDK's domains.
    public static func faultCodeProblem(_ code: ErrorCodeValue) -> String? {
        if case .text(let name) = code, FuturaeError(rawValue: name) != nil { return nil }
        return "a Futurae fault names its error by case name (\(FuturaeError.allCases.map(\.name).joined(separator: ", "))), not \(code)"
    }

    public static func kernelFailure(_ failure: KernelFailure) -> CallError {
        switch failure {
        case .injected(let code):
            (FuturaeError(rawValue: code.description) ?? .invalidParameter).callError(detail: "injected fault")
        case .unknownSession(let name):
            FuturaeFailure.unknownSession(name).callError
        }
    }

    public static func control(_ control: SimControl, state: inout FuturaeWorld, kernel: inout KernelContext) throws(ControlError) -> SimAnswer {
        guard let futurae = try FuturaeControl(control) else { throw ControlError("\(control.kind): not a Futurae control") }
        return state.run(futurae, kernel: &kernel)
    }

    public static func checkControl(_ control: SimControl) throws(ControlError) {
        _ = try FuturaeControl(control)
    }

    /// A new or replaced session is a fresh install of the SDK: no PIN, no accounts. The server keeps
    /// listing the device for its users (as a reinstall leaves the server's records).
    public static func openSession(_ name: String, settings: SessionSettings, state: inout FuturaeWorld) {
        // By key: a filter of every device would cost each new session more than the last.
        if let d = state.devices.index(of: name) { state.devices.remove(at: d) }
    }

    public static func firstProblem(in state: FuturaeWorld, sessions: [String]) -> ScenarioProblem? {
        FuturaeInvariants.firstProblem(in: state, sessions: sessions)
    }
}
