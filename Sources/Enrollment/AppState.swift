import PIMS

/// The whole application state: a value, changed only by `reduce`. The screens render it.
public struct AppState: Hashable, Sendable {
    public enum Connection: Hashable, Sendable {
        case disconnected
        case connecting
        case connected(BackendChoice)
        case failed(String)
    }

    /// What a running simulator control is for, so its answer lands in the right place.
    public enum ControlPurpose: Hashable, Sendable {
        case createSession
        case account
        case inbox(phone: String)
        case advance
        case fault(FaultRule)
        case clearFaults
        case proximity
        case load(String)
        case reset
        case export(path: String)
    }

    // Session.
    public var config: SessionConfig
    /// The session screen's text fields (scenario or URL, username, password, device).
    public var startForm: Form
    public var connection: Connection = .disconnected
    /// The username the session is logged in as.
    public var loggedIn: String?
    /// The settings the backend session was created with (a change makes a new SDK instance).
    public var sessionSettings: SessionSettings?
    public var policy = PINPolicy()

    // Navigation.
    public var route: Route = .start
    public var homeSelection = 0
    public var showHelp = false
    /// `q` during a flow asks first.
    public var confirmingQuit = false
    /// The screens exit when this becomes true.
    public var quitRequested = false

    // Flows.
    public var guided = GuidedEnrollment()
    public var account = AccountManagement()
    public var otp: OTPPrompt?
    public var steps = StepsChecklist()
    public var carKey = CarKeyFlow()
    public var simulator = SimulatorPanel()
    public var log = APILog()

    // Calls.
    /// Lets QA send invalid input on purpose, to see the backend's 2101/2102.
    public var sendAsTyped = false
    /// The call being waited for (busy marker). One at a time: the flows are a conversation.
    public var inFlight: InFlightCall?
    /// Step pacing: the call about to be made, sent on Enter.
    public var staged: PlannedCall?
    /// The call that failed at transport level or was abandoned, which `r` sends again.
    public var retryable: PlannedCall?
    public var banner: Banner?
    public var pendingControls: [RequestID: ControlPurpose] = [:]
    public var nextID = 1

    public init(config: SessionConfig = SessionConfig()) {
        self.config = config
        startForm = AppState.startForm(for: config)
    }

    static func startForm(for config: SessionConfig) -> Form {
        let first: (FieldID, String)
        switch config.backend {
        case .inProcess(let s): first = (.scenario, s)
        case .remote(let url): first = (.remoteURL, url)
        }
        return Form([first.0, .username, .password, .device],
                    values: [first.0: first.1, .username: config.username, .password: config.password, .device: config.device])
    }

    /// True while a call is in flight: the screens show a busy marker.
    public var isBusy: Bool { inFlight != nil }

    /// The form that typed keys go to on this screen, if any.
    public var activeForm: Form? {
        switch route {
        case .start: startForm
        case .guided: guided.form.fields.isEmpty ? nil : guided.form
        case .account: account.form.fields.isEmpty || ![.input, .code].contains(account.stage) ? nil : account.form
        case .otp: otp?.form
        case .simulator: simulator.form
        default: nil
        }
    }

    /// The focused field, when digits and letters should be typed into it.
    public var focusedField: TextField? {
        guard staged == nil, !confirmingQuit, !isAwaitingConfirmation else { return nil }
        return activeForm?.focused
    }

    /// A yes/no question is on screen (Enter confirms, Esc declines).
    public var isAwaitingConfirmation: Bool {
        (route == .guided && guided.stage == .confirmRemoveAll) || (route == .account && account.stage == .confirm)
    }

    /// A flow is under way: quitting asks first.
    public var isFlowUnderway: Bool {
        guided.isUnderway || inFlight != nil || otp != nil || ![.menu, .done].contains(account.stage)
    }

    /// The SMS inbox the current prompt reads codes from.
    public var inbox: PhoneInbox? { simulator.inbox }

    /// The vehicles of the account, as the simulator reported them.
    public var vehicles: [AccountSnapshot.Vehicle] { simulator.account?.vehicles ?? [] }

    /// The staged call's request as pretty JSON, for the step-pacing panel.
    public var stagedRequestText: String? { staged.map { JSONText.pretty($0.request.json) } }

    /// The staged call, in words, for the step-pacing banner: "Enrollment · step 5: get pims.authentication.smscode enrollment".
    public var stagedDescription: String? {
        guard let s = staged else { return nil }
        let sub = s.request.subAPI.map { " \($0)" } ?? ""
        return "\(s.purpose.stepLabel): \(s.request.type.rawValue) \(s.request.name)\(sub)"
    }
}
