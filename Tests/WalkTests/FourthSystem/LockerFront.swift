import Enrollment
import Screens
import SimKernel
import TerminalUI
import Walk

extension SystemChoice {
    static let locker = SystemChoice("Locker")
}

extension Route {
    static let locker = Route("locker")
}

/// The locker's session option: the compartment the parcel is in, written to the session's settings
/// (the system checks it, `LockerSystem.sessionOptions`); its declaration gives it its key's cycle,
/// its command-line flag (`--compartment large`) and its walk-header field.
struct LockerSessionOptions: Hashable, Sendable {
    var compartment = "small"
    static let key = StateKey("locker", empty: LockerSessionOptions())
}

extension SessionConfig {
    var compartment: String {
        get { options[LockerSessionOptions.key].compartment }
        set { options[LockerSessionOptions.key].compartment = newValue }
    }
}

extension SessionSetup.Option {
    static let compartment = Self("compartment", \.compartment, values: LockerSystem.compartments, spell: { $0 },
                                  flag: Flag("compartment", help: "the compartment the parcel is in"), walkField: LockerSystem.compartment)
}

/// The pickup code on the parcel slip: six digits, a kind of field of the locker's own.
extension FieldKind {
    static let pickupCode = FieldKind("pickupCode", look: .boxes { _, _, _ in 6 }, movesOn: true, limit: { _, _ in 6 }, problem: { value, _ in
        value.count == 6 && value.allSatisfy(\.isNumber) ? nil : "the pickup code has 6 digits"
    }, refusal: { c, value, _ in
        if !("0"..."9").contains(c) { return "digits only: '\(c)' refused" }
        return value.count >= 6 ? "the pickup code has 6 digits" : nil
    })
}

extension FieldID {
    static let pickupCode = FieldID("pickupCode", "Pickup code", .pickupCode)
}

/// The simulator panel's part the locker draws: its door.
extension SimulatorSection {
    static let lockerDoor = SimulatorSection("lockerDoor")
}

/// The fourth system's front, defined only here: the session screen's words and option, its one
/// flow, its fault presets on its own call, its errors and transport failures in its own terms,
/// its event; its option's flag and walk-header field come from its declaration.
enum LockerFront: SystemFront {
    static let system = SystemChoice.locker
    static let systemID = LockerSystem.id
    static let intro = "A parcel locker in the hall, opened with its pickup code."
    static let title = "Locker (a parcel locker whose code expires)"
    static let tagline = "a parcel locker"
    static let sessionFields: [FieldID] = [.device]
    static let opens = "Open the backend and this device's locker session."
    static let logsIn = false
    static let homeMenu: [Route] = [.locker, .simulator, .log, .coverage, .start]
    static let onReady: [Action] = []
    static let features = [RegisteredFeature(LockerFlow.self, route: .locker, initial: LockerFlow.State(), report: reported)]
    static let sessionOptions: [SessionSetup.Option] = [.compartment]

    static func settingKeys(_ config: SessionConfig) -> [KeyBinding<SessionSetup.Action>] {
        [KeyBinding(.letter("z"), "compartment", "Locker: the compartment the parcel is in (small, medium, large).", .cycle(.compartment))]
    }
    static func settingRows(_ config: SessionConfig) -> [SettingRow] { [SettingRow(.compartment, "Size", "\(config.compartment) compartment")] }
    static func readyNotice(_ config: SessionConfig) -> Notice { .success("Locker session on \(config.device).") }
    static func statusLine(_ app: AppState, room: Int) -> String { "Locker · \(app.session.config.device)" }
    static func settings(_ config: SessionConfig) -> SessionSettings {
        SessionSettings(device: config.device, options: config.compartment == "small" ? [:] : [LockerSystem.compartment: .string(config.compartment)])
    }
    static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {
        config.compartment = settings.options[LockerSystem.compartment]?.stringValue ?? "small"
    }
    static func isScenarioInstance(_ config: SessionConfig) -> Bool { false }

    /// What the app does with what the flow reports: the banner says the parcel is collected.
    @Sendable static func reported(_ app: inout AppState, _ delegate: LockerFlow.Delegate) -> [Effect] {
        switch delegate {
        case .collected(let opens): app.notice = .success("Parcel collected (the locker opened \(opens) times).")
        }
        return []
    }

    /// The locker's event: its door opened (here or elsewhere); the flow hears it.
    static func received(_ event: SimEvent, _ app: inout AppState) -> [Effect]? {
        guard event.kind == LockerSystem.doorOpened else { return nil }
        return app.send(.heard(opens: event.data["opens"]?.intValue), to: LockerFlow.self)
    }

    static let simulatorSections: Set<SimulatorSection> = [.lockerDoor]
    static let simulatorParts = "the faults and the clock"
    static let faultTargets = [LockerSystem.open]
    static let faultPresets = [FaultPreset(code: .text(LockerSystem.expired), barTitle: "EXPIRED", title: "next call answers LOCKER_EXPIRED")]
    static let faultCodeExample = "e.g. LOCKER_EXPIRED"

    static func failure(_ error: CallError) -> Notice {
        Notice(kind: .error, code: "\(error.code)", label: error.label, detail: error.detail, advice: "Ask the sender for a new code.")
    }

    static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice {
        Notice(kind: .error, code: "LOCKER_OFFLINE", label: "The locker did not answer", detail: error.detail,
               advice: "Nothing changed. Retry it (r).")
    }
}

/// The fourth system's one flow: open the locker with the pickup code, read its door.
enum LockerFlow: Feature {
    struct State: Hashable, Sendable {
        var opens: Int?
        var refusal: String?
        /// The door as the `lockerDoor` control last read it.
        var door: String?
        /// The openings the locker's events told of (here or elsewhere).
        var heard: Int?
        var form = Form([.pickupCode], values: [.pickupCode: "123456"])
    }

    enum Action: FeatureAction {
        case opened, submit, cancel, open, readDoor
        case moveSelection(Int)
        case answered(CallResponse)
        case doorRead(SimAnswer)
        case heard(opens: Int?)
    }

    enum Delegate: Hashable, Sendable { case collected(opens: Int) }

    enum Call: Hashable, Sendable { case open }
    enum Control: Hashable, Sendable { case door }

    static let title = "Locker"
    static let summary = "Open the parcel locker before its pickup code expires."
    static let menuLine = "Open it with its pickup code"
    /// The pickup code is prefilled: letters stay commands until `i`.
    static let editsOnArrival = false

    static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Delegate>] {
        switch action {
        case .opened, .moveSelection: return []
        case .cancel: return [.back]
        case .submit, .open:
            guard state.form.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            return [.call(purpose(.open), CallRequest(.call, LockerSystem.open, ["code": .string(state.form[.pickupCode])]))]
        case .readDoor: return [.control(controlPurpose(.door), SimControl(LockerSystem.door))]
        case .answered(let response):
            if let error = response.error {
                state.refusal = "\(error.code)"
                return [.notice(LockerFront.failure(error))]
            }
            let opens = response.result?["opens"]?.intValue ?? 0
            state.opens = opens
            state.refusal = nil
            return [.notice(.success("The locker opened.")), .delegate(.collected(opens: opens))]
        case .doorRead(let answer):
            state.door = answer.ok ? "\(answer["door"]?.stringValue ?? "?") · \(answer["opens"]?.intValue ?? 0) opens" : answer.error
            return []
        case .heard(let opens):
            state.heard = opens
            return []
        }
    }

    static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        [KeyBinding(.letter("o"), "open", "Open the locker (locker.open).", .open),
         KeyBinding(.letter("d"), "door", "Read the locker's door (the lockerDoor control).", .readDoor)]
    }

    static func form(_ state: State) -> Form? { state.form }
    static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.form) }
    static func answered(_ call: Call, _ response: CallResponse) -> Action? { .answered(response) }
    static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .doorRead(answer) }
    static func stepLabel(_ call: Call) -> String { "Locker · open" }
}

/// The flow's screen: its state and the screen context, not the whole app; Home's panel and the
/// simulator panel's section, the locker's own.
enum LockerScreen {
    static let entry = SystemScreen(.locker, screens: [RegisteredScreen(LockerFlow.self, route: .locker, render: render)],
                                    homePanel: homePanel, simulator: doorSection)

    @Sendable static func render(_ state: LockerFlow.State, _ context: ScreenContext, _ frame: inout Frame, _ area: Rect) {
        _ = frame.put("Parcel locker on \(context.shared.config.device), \(context.shared.config.compartment) compartment",
                      x: area.x, y: area.y, style: .title)
        _ = frame.put(state.opens.map { "Opened \($0) times." } ?? "Not opened yet.", x: area.x, y: area.y + 2)
        if let refusal = state.refusal { _ = frame.put("Refused: \(refusal)", x: area.x, y: area.y + 3, style: .error) }
        _ = frame.put("Pickup code: \(state.form[.pickupCode])", x: area.x, y: area.y + 4)
        if let message = state.form.fields.first?.message { _ = frame.put("✗ \(message)", x: area.x, y: area.y + 5, style: .error) }
        if let door = state.door { _ = frame.put("Door: \(door)", x: area.x, y: area.y + 6) }
    }

    @Sendable static func homePanel(_ app: AppState, _ frame: inout Frame, _ area: Rect) {
        let opens = app.state(of: LockerFlow.self)?.opens ?? 0
        _ = frame.put("Locker · \(app.session.config.compartment) · \(opens) opens", x: area.x, y: area.y, style: .title)
    }

    @Sendable static func doorSection(_ app: AppState, _ frame: inout Frame, _ area: Rect) {
        let state = app.state(of: LockerFlow.self)
        _ = frame.put("Locker door", x: area.x, y: area.y, style: .title)
        _ = frame.put("events heard: \(state?.heard.map(String.init) ?? "none")", x: area.x, y: area.y + 1)
    }
}
