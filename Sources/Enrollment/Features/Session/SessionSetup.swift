import PIMS

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
            if state.config.system != .pims { return state.ready() }
            return [.call(.login, Requests.login(state.config.username, state.config.password))]
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
        let pims = c.system == .pims
        let futurae = c.system == .futurae
        return [
            .enter(s.loggedIn == nil ? "log in" : "switch", pims ? "Open the backend, create this device's session and log in (R0a)."
                                                                 : "Open the backend and create this device's \(futurae ? "Futurae SDK instance" : "card app")."),
            KeyBinding(.letter("n"), "scenario", "Next built-in scenario (or type a name or a file).", .cycle(.scenario), when: s.form.has(.scenario)),
            KeyBinding(.letter("b"), "backend", "Switch between the in-process simulator and a remote server.", .cycle(.backend)),
            KeyBinding(.letter("y"), c.system.rawValue, "System: PIMS (SMS and PIN enrollment), Futurae (activation code) or Card (CA Strong Authentication).", .cycle(.system)),
            KeyBinding(.letter("o"), c.platform.rawValue, "Platform: iOS sends the SMS code at steps 7/8, Android does not.", .cycle(.platform), when: pims),
            KeyBinding(.letter("k"), "SDK \(c.sdk)", "SDK version: the shortcut 4·1 needs 2.1; 2.0 names the phone step trustedPhone.", .cycle(.sdk), when: pims),
            KeyBinding(.letter("e"), c.variant.rawValue, "Spec variant: tutorial or reference readings of the documents.", .cycle(.variant), when: pims),
            KeyBinding(.letter("d"), "lock type", "Futurae: the SDK's lock configuration type (none, biometrics, SDK PIN).", .cycle(.lockType), when: futurae),
            KeyBinding(.letter("f"), "biometrics", "Futurae and Card: biometrics available (enabled) on the device or not.", .cycle(.biometrics), when: !pims),
            KeyBinding(.letter("t"), "binding", "Futurae: the app's Trusted Session Binding (asks for a binding token).", .cycle(.sessionBinding), when: futurae),
            KeyBinding(.letter("p"), c.pacing.rawValue, "Pacing: auto runs checks on their own; step waits for Enter before each call.",
                       .app(.choose(.togglePacing))),
            .back(when: s.loggedIn != nil),
        ]
    }

    public static func form(_ state: State) -> Form? { state.form }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.form) }
}
