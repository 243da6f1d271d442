import SimKernel

/// Futurae as a system of the world: `futurae.*` calls (F0–F7), the controls `futurae.activation` and
/// `futurae.activations`, the session options `lockType`, `biometrics`, `sessionBinding` and
/// `unlockDuration`, and the `futurae:` section of scenario files.
public enum FuturaeSystem: SectionedSystem {
    public typealias State = FuturaeWorld

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
            FuturaeError.invalidParameter.callError(detail: "no session named \"\(name)\": create it with the session control")
        }
    }

    /// F0 (input), then the session, then the call's rule. Changes made before a failure stay (a
    /// wrong PIN counts, an expired activation is marked), exactly as the rules say.
    public static func handle(_ request: CallRequest, state: inout FuturaeWorld, kernel: inout KernelContext) -> SystemAnswer {
        let call: FuturaeCall
        do {
            call = try FuturaeCall.parse(request)
        } catch {
            return answer(.failure(error), rule: "F0")
        }
        guard kernel.settings != nil else {
            return SystemAnswer(.failure(kernelFailure(.unknownSession(kernel.session))), rule: call.rule)
        }
        var step = FuturaeStep(world: state, kernel: kernel)
        state = .empty  // the step owns the world while it runs: no copy on write
        let outcome: Result<JSONValue, FuturaeFailure>
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

    private static func answer(_ outcome: Result<JSONValue, FuturaeFailure>, rule: String) -> SystemAnswer {
        switch outcome {
        case .success(let result): SystemAnswer(.success(result), rule: rule)
        case .failure(let f): SystemAnswer(.failure(f.error.callError(detail: f.detail)), failureResult: f.result, rule: rule)
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
        state.devices.removeAll { $0.session == name }
    }

    public static func firstProblem(in state: FuturaeWorld, sessions: [String]) -> ScenarioProblem? {
        FuturaeInvariants.firstProblem(in: state, sessions: sessions)
    }
}
