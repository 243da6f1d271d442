import Enrollment
import Screens
import SimKernel
import TerminalUI
import Walk

/// A tiny fourth system for the explorer's tests (after the locker of Tests/WalkTests/FourthSystem):
/// a keypad that opens with the code it last issued. `n` asks for a code (the answer carries it),
/// the code typed and Enter opens: rule K1's branch `opened` needs the code from the answer typed
/// back, which random keys practically never do; `wrong` and `no code` are a few keys away.
enum KeypadSystem: SectionedSystem {
    struct State: Codable, Hashable, Sendable {
        var code: String?
        var issued: Int?
    }

    static let id = "keypad"
    static let callPrefix = "keypad."
    static let section = "keypad"
    static let emptyState = State()
    static let controlKinds: [String] = []
    static let sessionOptions: [SessionOption] = []
    static let issue = "keypad.issue"
    static let open = "keypad.open"
    static let wrongCode = "KEYPAD_WRONG"
    static let ruleCatalogue = RuleCatalogue(system: id, rules: [
        .init("K0", "issue a code", branches: ["ok"]),
        .init("K1", "open with the code issued", branches: ["opened", "wrong", "no code"]),
    ], errorCodes: [wrongCode])

    static func faultCodeProblem(_ code: ErrorCodeValue) -> String? { code == .text(wrongCode) ? nil : "not a keypad error" }

    static func kernelFailure(_ failure: KernelFailure) -> CallError {
        switch failure {
        case .injected: CallError(code: .text(wrongCode), label: "Wrong code", detail: "injected by a fault")
        case .unknownSession(let name): CallError(code: .text("KEYPAD_UNKNOWN_SESSION"), label: "No keypad session \(name)")
        }
    }

    static func handle(_ request: CallRequest, state: inout State, kernel: inout KernelContext) -> SystemAnswer {
        switch request.name {
        case issue:
            let n = (state.issued ?? 0) + 1
            state.issued = n
            // A code no key mashing types: it changes with every issue.
            let code = String(4821 + n * 1137 % 5000)
            state.code = code
            kernel.took("ok", rule: "K0")
            return SystemAnswer(.success(.object(["code": .string(code)])), rule: "K0")
        case open:
            guard let code = state.code else {
                kernel.took("no code", rule: "K1")
                return SystemAnswer(.failure(CallError(code: .text(wrongCode), label: "No code issued")), rule: "K1")
            }
            guard request.params["code"]?.stringValue == code else {
                kernel.took("wrong", rule: "K1")
                return SystemAnswer(.failure(CallError(code: .text(wrongCode), label: "Wrong code")), rule: "K1")
            }
            kernel.took("opened", rule: "K1")
            return SystemAnswer(.success(.object(["opened": .bool(true)])), rule: "K1")
        default:
            return SystemAnswer(.failure(CallError(code: .text("KEYPAD_UNKNOWN_CALL"), label: "No keypad call \(request.name)")))
        }
    }

    static func control(_ control: SimControl, state: inout State, kernel: inout KernelContext) throws(ControlError) -> SimAnswer {
        throw ControlError("the keypad has no controls")
    }

    static func checkControl(_ control: SimControl) throws(ControlError) { throw ControlError("the keypad has no controls") }
    static func openSession(_ name: String, settings: SessionSettings, state: inout State) {}
    static func firstProblem(in state: State, sessions: [String]) -> ScenarioProblem? { nil }
}

extension SystemChoice {
    static let keypad = SystemChoice("Keypad")
}

extension Route {
    static let keypad = Route("keypad")
}

enum KeypadFront: SystemFront {
    static let system = SystemChoice.keypad
    static let systemID = KeypadSystem.id
    static let intro = "A keypad on the door, opened with the code it issued."
    static let title = "Keypad (a door that opens with its last code)"
    static let tagline = "a door keypad"
    static let sessionFields: [FieldID] = [.device]
    static let opens = "Open the backend and this device's keypad session."
    static let logsIn = false
    static let homeMenu: [Route] = [.keypad, .simulator, .log, .coverage, .start]
    static let onReady: [Action] = []
    static let features = [RegisteredFeature(KeypadFlow.self, route: .keypad, initial: KeypadFlow.State())]

    static func settingKeys(_ config: SessionConfig) -> [KeyBinding<SessionSetup.Action>] { [] }
    static func settingRows(_ config: SessionConfig) -> [SettingRow] { [] }
    static func readyNotice(_ config: SessionConfig) -> Notice { .success("Keypad session on \(config.device).") }
    static func statusLine(_ app: AppState, room: Int) -> String { "Keypad · \(app.session.config.device)" }
    static func settings(_ config: SessionConfig) -> SessionSettings { SessionSettings(device: config.device, options: [:]) }
    static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {}
    static func isScenarioInstance(_ config: SessionConfig) -> Bool { false }
    /// A walk's header names the system (a front that writes nothing here reads back as PIMS).
    static func walkFields(_ config: SessionConfig) -> [String: JSONValue] { [WalkSessionField.system: .string(system.rawValue)] }

    static let simulatorSections: Set<SimulatorSection> = []
    static let simulatorParts = "the faults and the clock"
    static let faultTargets = [KeypadSystem.open]
    static let faultPresets = [FaultPreset(code: .text(KeypadSystem.wrongCode), barTitle: "WRONG", title: "next call answers KEYPAD_WRONG")]
    static let faultCodeExample = "e.g. KEYPAD_WRONG"

    static func failure(_ error: CallError) -> Notice {
        Notice(kind: .error, code: "\(error.code)", label: error.label, detail: error.detail, advice: "Ask for a new code (n).")
    }

    static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice {
        Notice(kind: .error, code: "KEYPAD_OFFLINE", label: "The keypad did not answer", detail: error.detail, advice: "Retry it (r).")
    }
}

enum KeypadFlow: Feature {
    struct State: Hashable, Sendable {
        var form = Form([.smsCode])
        var opened = false
        var code: String?
    }

    enum Action: FeatureAction {
        case opened, submit, cancel, issue
        case moveSelection(Int)
        case answered(Call, CallResponse)
    }

    typealias Delegate = Never

    enum Call: Hashable, Sendable { case issue, open }

    static let title = "Keypad"
    static let summary = "Open the door with the code the keypad issued."
    static let menuLine = "Open it with its code"

    static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Never>] {
        switch action {
        case .opened, .moveSelection: return []
        case .cancel: return [.back]
        case .issue: return [.call(purpose(.issue), CallRequest(.call, KeypadSystem.issue))]
        case .submit: return [.call(purpose(.open), CallRequest(.call, KeypadSystem.open, ["code": .string(state.form[.smsCode])]))]
        case .answered(let call, let response):
            if let error = response.error { return [.notice(KeypadFront.failure(error))] }
            switch call {
            case .issue: state.code = response.result?["code"]?.stringValue
            case .open: state.opened = true
            }
            return [.notice(.success(call == .issue ? "A code was issued." : "The door opened."))]
        }
    }

    static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        [KeyBinding(.letter("n"), "new code", "Ask the keypad for a code (keypad.issue).", .issue)]
    }

    static func form(_ state: State) -> Form? { state.form }
    static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.form) }
    static func answered(_ call: Call, _ response: CallResponse) -> Action? { .answered(call, response) }
    static func stepLabel(_ call: Call) -> String { "Keypad · \(call)" }
}

enum KeypadScreen {
    @Sendable static func render(_ state: KeypadFlow.State, _ context: ScreenContext, _ frame: inout Frame, _ area: Rect) {
        _ = frame.put("Keypad on \(context.shared.config.device)", x: area.x, y: area.y, style: .title)
        _ = frame.put("Code: \(state.form[.smsCode])", x: area.x, y: area.y + 2)
        _ = frame.put(state.opened ? "The door is open." : "The door is shut.", x: area.x, y: area.y + 3)
    }
}
