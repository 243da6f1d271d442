import Futurae
import PIMS
import Walk

/// Futurae's front: one SDK instance on one device, enrolled by activation code; the service's back
/// office creates activations.
public enum FuturaeFront: SystemFront {
    public static let system = SystemChoice.futurae
    public static let systemID = FuturaeSystem.id
    public static let intro = "One Futurae SDK instance on one device; the back office enrolls Username."
    public static let title = "Futurae (activation code: QR, shortcode, silent)"
    public static let tagline = "activation code"
    /// No login: its username is the user the service's back office enrolls.
    public static let sessionFields: [FieldID] = [.username, .device]
    public static let opens = "Open the backend and create this device's Futurae SDK instance."
    public static let logsIn = false

    public static func settingKeys(_ c: SessionConfig) -> [KeyBinding<SessionSetup.Action>] {
        [KeyBinding(.letter("d"), "lock type", "Futurae: the SDK's lock configuration type (none, biometrics, SDK PIN).", .cycle(.lockType)),
         SessionSetup.biometricsKey,
         KeyBinding(.letter("t"), "binding", "Futurae: the app's Trusted Session Binding (asks for a binding token).", .cycle(.sessionBinding))]
    }

    public static func settingRows(_ c: SessionConfig) -> [SettingRow] {
        [SettingRow(.lockType, "Lock type", c.lockType.rawValue + (c.lockType.usesSDKPin ? " (asks for an SDK PIN)" : "")),
         SettingRow(.biometrics, "Biometric", c.biometrics ? "available on the device" : "unavailable"),
         SettingRow(.sessionBinding, "Binding", c.sessionBinding ? "on (asks for the binding token)" : "off")]
    }

    public static func readyNotice(_ c: SessionConfig) -> Notice {
        .success("Futurae SDK on \(c.device): lock type \(c.lockType.rawValue), biometrics \(c.biometrics ? "available" : "unavailable"), session binding \(c.sessionBinding ? "on" : "off").")
    }

    public static func statusLine(_ app: AppState, room: Int) -> String {
        let c = app.session.config
        return "Futurae · \(c.device) · \(c.lockType.shortTitle) · binding \(c.sessionBinding ? "on" : "off")"
            + (app.futuraeLogin.unread == nil ? "" : " · ● login")
    }

    public static let homeMenu: [Route] = [.futurae, .futuraeAccounts, .futuraeLogin, .simulator, .log, .coverage, .start]

    /// The SDK instance's lock as it is (a scenario's may start locked), for Home's lock panel.
    public static let onReady: [Action] = [.futuraeAccounts(.readDevice)]

    public static func settings(_ c: SessionConfig) -> SessionSettings {
        var settings = SessionSettings(device: c.device, options: [:])
        settings.lockType = c.lockType
        settings.biometricsAvailable = c.biometrics
        settings.sessionBinding = c.sessionBinding
        return settings
    }

    public static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {
        config.lockType = settings.lockType
        config.biometrics = settings.biometricsAvailable
        config.sessionBinding = settings.sessionBinding
    }

    /// The scenario's SDK instance (its PIN and accounts): the scenario's device with its settings.
    public static func isScenarioInstance(_ c: SessionConfig) -> Bool {
        guard let s = c.scenarioSession, s.device == c.device else { return false }
        return s.lockType == c.lockType && s.biometricsAvailable == c.biometrics && s.sessionBinding == c.sessionBinding
    }

    /// The back office's activations changed (created, used, found expired): the enrollment's
    /// pending activations and the simulator's list are read again.
    /// A login pushed to this device (F8) becomes a request on the phone whatever screen is open; the
    /// back office's sessions (one created or answered) are read again while the panel shows them.
    public static func received(_ event: SimEvent, _ app: inout AppState) -> [Effect]? {
        switch event.kind {
        case .activation:
            Features.futurae.send(.backOfficeChanged, to: &app) + Features.simulator.send(.backOfficeChanged, to: &app)
        case .futuraeAuth:
            Features.futuraeLogin.send(.pushed(event.data, at: event.at.iso8601), to: &app)
        case .authSession:
            Features.futuraeLogin.send(.backOfficeChanged(read: app.route == .simulator), to: &app)
        default: nil
        }
    }

    /// A login request not opened yet: one key opens it from any screen (a function key: typing never
    /// takes it; the simulator panel's F6 is its fault form).
    public static func globalCommands(_ app: AppState) -> [AvailableCommand] {
        guard app.futuraeLogin.unread != nil, app.staged == nil, app.route != .simulator,
              !(app.route == .futuraeLogin && app.futuraeLogin.isDeciding) else { return [] }
        return [AvailableCommand(.function(6), "open login", "Open the newest login request pushed to the phone.", .futuraeLogin(.openPush))]
    }

    /// A walk's header: the device options (lock type, biometrics, binding), and whether it is the
    /// scenario's own SDK instance (its session is "default"). Headers written before they named their
    /// system are known by `futurae`.
    public static func walkFields(_ c: SessionConfig) -> [String: JSONValue] {
        [FuturaeSystem.id: .object(c.settings.options), WalkSessionField.scenarioInstance: .bool(c.isScenarioInstance)]
    }

    public static func claimsWalk(_ fields: [String: JSONValue]) -> Bool { fields[FuturaeSystem.id]?.objectValue != nil }

    public static func readWalk(_ f: [String: JSONValue], into c: inout SessionConfig) {
        guard let options = f[FuturaeSystem.id]?.objectValue else { return }
        adopt(SessionSettings(device: c.device, options: options), into: &c)
        if f[WalkSessionField.scenarioInstance]?.boolValue == true { c.scenarioSession = c.settings }
    }

    public static let simulatorSections: Set<SimulatorSection> = [.activations]
    public static let simulatorParts = "the back office's activations and logins"

    public static func simulatorKeys(_ panel: SimulatorPanel.State, _ shared: Shared) -> [KeyBinding<SimulatorPanel.Action>] {
        [KeyBinding(.letter("v"), "activation", "Back office: a new activation for the session's user (QR code; binding as the session's).",
                    .createActivation),
         KeyBinding(.letter("y"), "push login", "Back office: push a login for the session's user to its device (futurae.auth, F10).",
                    .app(.futuraeLogin(.pushLogin))),
         // `s` (as PIMS's panel ends the SDK's session behind the app), not `u`: while a field is
         // edited it would be ^U, the field's clear.
         KeyBinding(.letter("s"), "unenroll", "Back office: unenroll the session's user from this device (FA11); the phone is not told.",
                    .unenroll)]
    }

    /// The back office's new activation for the session's user (QR code, the session's binding).
    public static func simulatorCommand(_ command: SystemPanelCommand, _ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out] {
        let own = command.command(as: FuturaePanelCommand.self)
        guard own == .createActivation || own == .unenroll else { return [] }
        guard !shared.config.username.isEmpty else {
            panel.message = "Type the user on the session screen first."
            return []
        }
        if own == .unenroll {
            return [.control(.simulator(.unenroll), .futuraeUnenroll(user: shared.config.username, device: shared.config.device))]
        }
        let control = SimControl.futuraeActivation(user: shared.config.username, shortCode: false, binding: shared.config.sessionBinding)
        return [.control(.simulator(.createActivation), control)]
    }

    public static func simulatorAnswered(_ command: SystemPanelCommand, _ answer: SimAnswer, _ panel: inout SimulatorPanel.State,
                                         _ shared: Shared) -> [SimulatorPanel.Out] {
        switch command.command(as: FuturaePanelCommand.self) {
        case .activations?:
            panel.activations = BackOfficeActivation.list(answer)
            panel.now = answer.now ?? panel.now
            return []
        case .createActivation?:
            panel.message = BackOfficeActivation(.object(answer.fields)).map { "Activation created for \($0.username), valid until \($0.expiresAt)." }
            return backOfficeReads(shared)
        case .unenroll?:
            // FA11 tells the server, not the phone: the app lists the account until it reads them again.
            panel.message = answer.ok
                ? "\(shared.config.username) unenrolled (FA11): the phone is not told."
                : "The back office could not unenroll: \(answer.error ?? "refused")."
            return []
        case nil:
            return []
        }
    }

    /// The enrollment's copy of the pending activations is read with them: the clock advanced here
    /// may have expired one, which no event says.
    public static func backOfficeReads(_ shared: Shared) -> [SimulatorPanel.Out] {
        [.control(.simulator(.activations), .futuraeActivations()), .control(.futurae(.activations), .futuraeActivations()),
         .control(.futuraeLogin(.backOffice), .futuraeAuthentications())]
    }
    public static let faultTargets = FuturaeAPI.all.map(\.name)
    public static let faultPresets: [FaultPreset] = [
        preset(.multipleEnrollDisallowed), preset(.deviceArchived), preset(.locked), .latency(ms: 3000),
    ]
    public static let faultCodeExample = "a case name, e.g. multipleEnrollDisallowed"

    private static func preset(_ error: FuturaeError) -> FaultPreset {
        FaultPreset(code: .text(error.name), barTitle: "\(error.domain.rawValue) \(error.code)",
                    title: "next call answers \(error.domain.rawValue) \(error.code) \(error.name)")
    }

    public static func failure(_ error: CallError) -> Notice { .futurae(error) }

    /// The SDK hands the app the URL loading system's error (decision: the contract names none; these
    /// are Foundation's `NSURLErrorDomain` codes an iOS app receives).
    public static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice {
        let (code, name, label): (Int, String, String) = switch kind {
        case .timeout: (-1001, "timedOut", "The request timed out.")
        case .noInternet: (-1009, "notConnectedToInternet", "The Internet connection appears to be offline.")
        case .invalidReturn: (-1017, "cannotParseResponse", "The server's answer could not be read.")
        case .serverError: (-1011, "badServerResponse", "The server returned an error.")
        }
        return Notice(kind: .error, code: "NSURLErrorDomain \(code) \(name)", label: label, detail: error.detail,
                      advice: "The call did not reach Futurae: nothing changed. Retry it (r, or ^R in a form).")
    }
}

/// Futurae's own command on the simulator panel.
public enum FuturaePanelCommand: Hashable, Sendable {
    /// The back office: a new activation for the session's user.
    case createActivation
    /// The back office's activations, read for the panel's part (`FuturaePanelState`).
    case activations
    /// The back office: the session's user unenrolled from this device (FA11), the phone not told.
    case unenroll
}

extension SimulatorPanel.Action {
    public static let createActivation = Self.system(SystemPanelCommand(.futurae, FuturaePanelCommand.createActivation))
    public static let unenroll = Self.system(SystemPanelCommand(.futurae, FuturaePanelCommand.unenroll))
}

extension SimulatorPanel.Control {
    public static let createActivation = Self.system(SystemPanelCommand(.futurae, FuturaePanelCommand.createActivation))
    public static let activations = Self.system(SystemPanelCommand(.futurae, FuturaePanelCommand.activations))
    public static let unenroll = Self.system(SystemPanelCommand(.futurae, FuturaePanelCommand.unenroll))
}

extension SystemChoice {
    public static let futurae = SystemChoice("Futurae")
}
