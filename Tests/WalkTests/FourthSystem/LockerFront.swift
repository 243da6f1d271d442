import Enrollment
import Screens
import SimKernel
import TerminalUI

extension SystemChoice {
    static let locker = SystemChoice("Locker")
}

extension Route {
    static let locker = Route("locker")
}

/// The fourth system's front, defined only here: the session screen's words, its one flow, its
/// fault presets on its own call, its errors and transport failures in its own terms.
enum LockerFront: SystemFront {
    static let system = SystemChoice.locker
    static let systemID = LockerSystem.id
    static let intro = "A parcel locker in the hall, opened with its pickup code."
    static let title = "Locker (a parcel locker whose code expires)"
    static let sessionFields: [FieldID] = [.device]
    static let opens = "Open the backend and this device's locker session."
    static let logsIn = false
    static let homeMenu: [Route] = [.locker, .simulator, .log, .coverage, .start]
    static let onReady: [Action] = []
    static let features = [RegisteredFeature(LockerFlow.self, route: .locker, initial: LockerFlow.State())]

    static func settingKeys(_ config: SessionConfig) -> [KeyBinding<SessionSetup.Action>] { [] }
    static func settingRows(_ config: SessionConfig) -> [SettingRow] { [] }
    static func readyNotice(_ config: SessionConfig) -> Notice { .success("Locker session on \(config.device).") }
    static func statusLine(_ app: AppState, room: Int) -> String { "Locker · \(app.session.config.device)" }
    static func settings(_ config: SessionConfig) -> SessionSettings { SessionSettings(device: config.device, options: [:]) }
    static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {}
    static func isScenarioInstance(_ config: SessionConfig) -> Bool { false }

    static let simulatorSections: Set<SimulatorSection> = []
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

/// The fourth system's one flow: open the locker.
enum LockerFlow: Feature {
    struct State: Hashable, Sendable {
        var opens: Int?
        var refusal: String?
    }

    enum Action: FeatureAction {
        case opened, submit, cancel, open
        case moveSelection(Int)
        case answered(CallResponse)
    }

    typealias Delegate = Never

    enum Call: Hashable, Sendable { case open }

    static let title = "Locker"
    static let summary = "Open the parcel locker before its pickup code expires."
    static let menuLine = "Open it with its pickup code"

    static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Never>] {
        switch action {
        case .opened, .moveSelection: return []
        case .cancel: return [.back]
        case .submit, .open: return [.call(purpose(.open), CallRequest(.call, LockerSystem.open))]
        case .answered(let response):
            if let error = response.error {
                state.refusal = "\(error.code)"
                return [.notice(LockerFront.failure(error))]
            }
            state.opens = response.result?["opens"]?.intValue
            state.refusal = nil
            return [.notice(.success("The locker opened."))]
        }
    }

    static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        [KeyBinding(.letter("o"), "open", "Open the locker (locker.open).", .open)]
    }

    static func answered(_ call: Call, _ response: CallResponse) -> Action? { .answered(response) }
    static func stepLabel(_ call: Call) -> String { "Locker · open" }
}

/// The flow's screen: its state and the screen context, not the whole app.
enum LockerScreen {
    static let entry = SystemScreen(.locker, screens: [RegisteredScreen(LockerFlow.self, route: .locker, render: render)])

    @Sendable static func render(_ state: LockerFlow.State, _ context: ScreenContext, _ frame: inout Frame, _ area: Rect) {
        _ = frame.put("Parcel locker on \(context.shared.config.device)", x: area.x, y: area.y, style: .title)
        _ = frame.put(state.opens.map { "Opened \($0) times." } ?? "Not opened yet.", x: area.x, y: area.y + 2)
        if let refusal = state.refusal { _ = frame.put("Refused: \(refusal)", x: area.x, y: area.y + 3, style: .error) }
    }
}
