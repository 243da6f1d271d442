import PIMS

/// Account management A–E (seed 000): each task's precondition checked and explained first, then
/// its input, confirmation, and call.
public enum AccountManagement: Feature, AwaitsSMS {
    public typealias Out = Outcome<Delegate>

    public static let title = "Account management"
    public static let summary = "A remove all enrollments, B reset PIN, C update PIN, D modify phone, E remove a vehicle."
    public static let menuLine = "A–E: unenroll, PIN, phone, vehicle"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened:
            if state.stage == .done { state = State() }
            return []
        case .submit: return state.submit(shared)
        case .cancel: return state.cancel()
        case .moveSelection(let delta):
            state.moveSelection(delta, vehicles: shared.vehicles.count)
            return []
        case .startTask(let task): return state.start(task, shared)
        case .resendSMS: return state.resendSMS()
        case .answered(let call, let response): return state.answered(call, response, shared)
        case .notRetried(let call):
            // The OTP page was left: E goes back to its vehicle choice.
            if call.isRemoveVehicle { state.stage = .input }
            return []
        }
    }

    public static func form(_ state: State) -> Form? {
        state.form.fields.isEmpty || ![.input, .code].contains(state.stage) ? nil : state.form
    }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.form) }

    public static func awaitedSMS(_ state: State) -> SMSPurpose? {
        state.task == .resetPIN ? .resetPIN : .phoneNumberCertification
    }

    public static func confirmation(_ state: State, _ shared: Shared) -> Confirmation? {
        guard state.stage == .confirm, let task = state.task else { return nil }
        return Confirmation("\(task.rawValue): \(task.title)?", state.message ?? task.precondition)
    }

    public static func isUnderway(_ state: State) -> Bool { ![.menu, .done].contains(state.stage) }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func account(_ action: AccountManagement.Action) -> Action { AccountManagement.message(action) }
}
