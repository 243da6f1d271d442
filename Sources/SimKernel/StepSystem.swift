/// A request of a system with its input checked: the typed form its rules work on.
public protocol SystemCall: Sendable {
    /// What a rule throws to refuse the call.
    associatedtype Failure: SystemFailure
    /// The rule that checks input (C0, F0): it answers a request that does not parse.
    static var inputRule: String { get }
    /// Checks a request's input and types it.
    static func parse(_ request: CallRequest) throws(Failure) -> Self
    /// The contract's rule the call runs, for logs, the flow map and coverage.
    var rule: String { get }
}

/// A refusal of a rule, as the envelope carries it: the error, and the SDK's response object of the
/// failure for systems whose SDK returns one.
public protocol SystemFailure: Error {
    var callError: CallError { get }
    var failureResult: JSONValue? { get }
    /// The refusal of a call from a session the world does not have.
    static func unknownSession(_ name: String) -> Self
}

extension KernelFailure {
    /// How every system words an unknown session (the detail of its error).
    public static func unknownSessionDetail(_ name: String) -> String {
        "no session named \"\(name)\": create it with the session control"
    }
}

/// One call in progress: the system's world, what the kernel lends the rules, and whatever the step
/// keeps aside while it runs (the calling session's device), written back by `finish`.
public protocol SystemStep {
    associatedtype World
    associatedtype Call: SystemCall
    init(world: World, kernel: KernelContext)
    var world: World { get }
    var kernel: KernelContext { get }
    /// The rule of `call`, run for the calling session: the envelope's `result` of a success.
    mutating func result(of call: Call) throws(Call.Failure) -> JSONValue
    /// Writes back what the step kept aside. Runs after success and failure alike.
    mutating func finish()
}

/// A system whose calls run as steps (`SystemStep`): it declares its step, and the kernel runs the
/// skeleton every such system shares.
public protocol StepSystem: SimSystem {
    associatedtype Step: SystemStep where Step.World == State
    /// What `state` holds while a step owns the world.
    static var emptyState: State { get }
}

extension StepSystem {
    /// The input rule, then the session, then the call's rule. Changes made before a failure stay (a
    /// wrong PIN counts), as the rules say. `@inlinable` so that each system gets it specialized: it
    /// runs per call.
    @inlinable
    public static func handle(_ request: CallRequest, state: inout State, kernel: inout KernelContext) -> SystemAnswer {
        let call: Step.Call
        do {
            call = try Step.Call.parse(request)
        } catch {
            return answer(error, rule: Step.Call.inputRule)
        }
        guard kernel.settings != nil else { return answer(.unknownSession(kernel.session), rule: call.rule) }
        var step = Step(world: state, kernel: kernel)
        state = emptyState  // the step owns the world while it runs: no copy on write
        let outcome: Result<JSONValue, Step.Call.Failure>
        do {
            outcome = .success(try step.result(of: call))
        } catch {
            outcome = .failure(error)
        }
        step.finish()
        state = step.world
        kernel = step.kernel
        switch outcome {
        case .success(let result): return SystemAnswer(.success(result), rule: call.rule)
        case .failure(let failure): return answer(failure, rule: call.rule)
        }
    }

    @inlinable
    static func answer(_ failure: Step.Call.Failure, rule: String) -> SystemAnswer {
        SystemAnswer(.failure(failure.callError), failureResult: failure.failureResult, rule: rule)
    }
}
