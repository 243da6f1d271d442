import SimKernel

/// The fourth system, defined only here: a parcel locker whose pickup code expires. One call
/// (`locker.open`), one error (`LOCKER_EXPIRED`), one scenario section (`locker:`, its deadline),
/// one session option (`compartment`), one control (`lockerDoor`), one event kind (`lockerDoor`).
/// It knows the kernel and nothing else, as PIMS, Futurae and Card do.
enum LockerSystem: SectionedSystem {
    struct State: Codable, Hashable, Sendable {
        /// The moment the pickup code stops opening the locker.
        var deadline: SimTime?
        /// How many times it opened (written by export).
        var opens: Int?
    }

    static let id = "locker"
    static let callPrefix = "locker."
    static let section = "locker"
    static let emptyState = State()
    static let door = "lockerDoor"
    static let controlKinds = [door]
    static let compartment = "compartment"
    static let compartments = ["small", "medium", "large"]
    static let sessionOptions = [SessionOption.oneOf(compartment, compartments)]
    /// The door opened (an event to the session that opened it).
    static let doorOpened = SimEvent.Kind(rawValue: "lockerDoor")
    static let open = "locker.open"
    static let expired = "LOCKER_EXPIRED"
    static let ruleCatalogue = RuleCatalogue(system: id, rules: [.init("L1", "open the locker before the deadline", branches: ["opened", "expired"])],
                                             errorCodes: [expired])

    static func expiredError(_ detail: String?) -> CallError {
        CallError(code: .text(expired), label: "The pickup code has expired", detail: detail)
    }

    static func faultCodeProblem(_ code: ErrorCodeValue) -> String? {
        code == .text(expired) ? nil : "\(code) is not a locker error (\(expired))"
    }

    static func kernelFailure(_ failure: KernelFailure) -> CallError {
        switch failure {
        case .injected: expiredError("injected by a fault")
        case .unknownSession(let name): CallError(code: .text("LOCKER_UNKNOWN_SESSION"), label: "No locker session \(name)")
        }
    }

    static func handle(_ request: CallRequest, state: inout State, kernel: inout KernelContext) -> SystemAnswer {
        guard request.name == open else {
            return SystemAnswer(.failure(CallError(code: .text("LOCKER_UNKNOWN_CALL"), label: "No locker call \(request.name)")))
        }
        if let deadline = state.deadline, kernel.now >= deadline {
            kernel.took("expired", rule: "L1")
            return SystemAnswer(.failure(expiredError("the deadline was \(deadline)")), rule: "L1")
        }
        let opens = (state.opens ?? 0) + 1
        state.opens = opens
        kernel.took("opened", rule: "L1")
        let session = kernel.session
        kernel.emit(doorOpened, .object(["opens": .int(opens)]), to: [session])
        let compartment = kernel.settings?.options[compartment]?.stringValue ?? "small"
        return SystemAnswer(.success(.object(["opens": .int(opens), "compartment": .string(compartment)])), rule: "L1")
    }

    /// `lockerDoor`: the door as it is (closed between openings) and how many times it opened.
    static func control(_ control: SimControl, state: inout State, kernel: inout KernelContext) throws(ControlError) -> SimAnswer {
        try checkControl(control)
        return .success(["door": .string("closed"), "opens": .int(state.opens ?? 0)])
    }

    static func checkControl(_ control: SimControl) throws(ControlError) {
        guard control.kind == door else { throw ControlError("the locker has no control \(control.kind)") }
        try control.refuseUnknownKeys([])
    }
    static func openSession(_ name: String, settings: SessionSettings, state: inout State) {}
    static func firstProblem(in state: State, sessions: [String]) -> ScenarioProblem? { nil }
}
