import SimKernel

/// The session screen, and the session itself: backend, account (R0a login), device, platform,
/// SDK, variant; switching device mid-run (a second device of the same account shows step 6's
/// AlreadyEnrolled). Every feature reads the session through `Shared`.
public enum SessionSetup: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Session"
    public static let summary = "Backend, account, device, platform, SDK, spec variant and pacing; switch device mid-run."
    /// Its fields are settings, prefilled: letters stay commands until `i`.
    public static let editsOnArrival = false
    public static let menuLine = "Backend, account, device, SDK"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened:
            state.form = State.form(for: state.config)
            return []
        case .submit: return state.connect()
        case .cancel: return [.back]
        case .moveSelection(let delta):
            state.form.moveFocus(delta)
            return []
        case .cycle(let option):
            state.cycle(option)
            return []
        case .connected(let error, let defaults): return state.connected(error: error, defaults: defaults)
        case .createSession: return state.createSession()
        case .sessionCreated(let answer):
            guard answer.ok else {
                return [.notice(Notice(kind: .error, label: "Could not create the session.", detail: answer.error ?? "failed",
                                       advice: "Check the device id, then press Enter again."))]
            }
            guard state.config.system.front.logsIn, let login = state.config.system.front.login(state.config) else { return state.ready() }
            return [.call(.login, login)]
        case .loginAnswered(let response): return state.loginAnswered(response)
        case .loggedOut:
            state.loggedIn = nil
            return []
        case .adopt(let policy):
            state.policy = policy
            return []
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let c = s.config
        return [
            .enter(s.loggedIn == nil ? "log in" : "switch", c.system.front.opens),
            KeyBinding(.letter("n"), "scenario", "Next built-in scenario (or type a name or a file).", .cycle(.scenario), when: s.form.has(.scenario)),
            KeyBinding(.letter("b"), "backend", "Switch between the in-process simulator and a remote server.", .cycle(.backend)),
            KeyBinding(.letter("y"), c.system.rawValue, systemHelp, .cycle(.system)),
        ] + c.system.front.settingKeys(c) + [
            KeyBinding(.letter("p"), c.pacing.rawValue, "Pacing: auto runs checks on their own; step waits for Enter before each call.",
                       .app(.choose(.togglePacing))),
            .back(when: s.loggedIn != nil),
        ]
    }

    /// The system key's help, from the registered fronts: "System: PIMS (SMS and PIN enrollment), …".
    /// The session screen asks its keys for every key pressed there: the built-in fronts' text is made once.
    static var systemHelp: String {
        SystemFronts.added.isEmpty ? builtinSystemHelp : systemHelp(SystemFronts.registered)
    }
    private static let builtinSystemHelp = systemHelp(SystemFronts.builtin)
    private static func systemHelp(_ fronts: [any SystemFront.Type]) -> String {
        "System: " + spelled(fronts.map { "\($0.system.rawValue) (\($0.tagline))" }) + "."
    }

    /// Futurae's and the card app's: whether the device has biometrics.
    public static let biometricsKey = KeyBinding<Action>(.letter("f"), "biometrics", "Futurae and Card: biometrics available (enabled) on the device or not.",
                                                         .cycle(.biometrics))

    public static func form(_ state: State) -> Form? { state.form }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.form) }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func session(_ action: SessionSetup.Action) -> Action { SessionSetup.message(action) }
}
