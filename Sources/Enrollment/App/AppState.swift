import SimKernel
import SimKernel

/// The whole application state: a value, changed only by `reduce`. The screens render it.
///
/// The app keeps what is truly shared (the session, navigation, the notice, the API log, the call
/// in flight and pacing, the subscription) and a registry of feature states (`features`);
/// `Registry.swift` says which feature owns which screen.
public struct AppState: Hashable, Sendable {
    /// The session: the session screen's feature, read by every other through `Shared`.
    public var session: SessionSetup.State

    // Navigation.
    public var route: Route = .start
    public var showHelp = false
    /// The screen the simulator panel (F8) or the API log (F9) was opened over: Esc goes back there.
    public var cameFrom: Route?
    /// The help overlay's first row shown (its keys scroll it; the screens clamp it to the size).
    public var helpOffset = 0
    /// `q` during a flow asks first.
    public var confirmingQuit = false
    /// The screens exit when this becomes true.
    public var quitRequested = false
    /// A field is being edited: printable keys type into it. Otherwise letters are commands (`?`
    /// help, `q` quit) and the focused field waits for Enter-free `i`, a click or a paste.
    public var editing = false
    /// The command palette, while open.
    public var palette: CommandPalette?

    // Features: the shared simulator panel and API log, and every other feature's state in the
    // registry of feature states (`features`; each registration names its key).
    public var simulator = SimulatorPanel.State()
    /// Every call, in order: every call passes through the app, which logs it; the API log screen
    /// browses it.
    public var log = APILog()
    /// The state of every feature but the session, the simulator panel and the API log, by feature
    /// (keyed by each feature's registration, `RegisteredFeature`).
    public var features = StateBag()
    /// The contracts' rules and error codes, per system, that coverage is measured against (the
    /// executable passes the world's; the view-model knows no world).
    public var ruleCatalogues: [RuleCatalogue]

    // Calls.
    /// Lets QA send invalid input on purpose, to see the backend's 2101/2102.
    public var sendAsTyped = false
    /// The call being waited for (busy marker). One at a time: the flows are a conversation.
    public var inFlight: InFlightCall?
    /// Step pacing: the call about to be made, sent on Enter.
    public var staged: PlannedCall?
    /// The call that failed at transport level or was abandoned, which `r` sends again.
    public var retryable: PlannedCall?
    public var notice: Notice?
    public var nextID = 1
    /// F7 just marked this screen as expected: the title bar says so until the next key. Not the
    /// banner, which the marks describe and a replay checks.
    public var markedExpected = false

    // Events.
    /// The session whose events the app follows (a long-lived effect beside the call in flight).
    public var subscription: String?

    public init(config: SessionConfig = SessionConfig(), ruleCatalogues: [RuleCatalogue] = [], scenarios: [String] = []) {
        session = SessionSetup.State(config: config, scenarios: scenarios)
        self.ruleCatalogues = ruleCatalogues
    }
}
