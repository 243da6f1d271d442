import Card
import PIMS
import Walk

/// The card app's front (CA Strong Authentication): one phone holding a cardholder's cards, the
/// bank's pushes, the shop and the issuer.
public enum CardFront: SystemFront {
    public static let system = SystemChoice.card
    public static let systemID = CardSystem.id
    public static let intro = "The bank's card app (CA Strong Authentication) on one phone."
    public static let title = "Card (CA Strong Authentication: purchases pushed to the phone)"
    public static let tagline = "CA Strong Authentication"
    /// The card app's phone is the device; its cardholder is the scenario's.
    public static let sessionFields: [FieldID] = [.device]
    public static let opens = "Open the backend and create this device's card app."
    public static let logsIn = false

    public static func settingKeys(_ c: SessionConfig) -> [KeyBinding<SessionSetup.Action>] { [SessionSetup.biometricsKey] }

    public static func settingRows(_ c: SessionConfig) -> [SettingRow] {
        [SettingRow(.biometrics, "Biometric", c.biometrics ? "enabled on the phone" : "not enabled")]
    }

    public static func readyNotice(_ c: SessionConfig) -> Notice {
        .success("CA Strong Authentication app on \(c.device) (session \(c.sessionName)): biometrics \(c.biometrics ? "enabled" : "not enabled").")
    }

    public static func statusLine(_ app: AppState, room: Int) -> String {
        let c = app.session.config
        return "Card · \(c.device) · biometrics \(c.biometrics ? "on" : "off")" + (app.cardPhone.unread == nil ? "" : " · ● push")
    }

    public static let homeMenu: [Route] = [.card, .cardShop, .cardAccounts, .simulator, .log, .coverage, .start]

    public static let onReady: [Action] = []

    public static func settings(_ c: SessionConfig) -> SessionSettings {
        var settings = SessionSettings(device: c.device)
        settings.biometricsEnabled = c.biometrics
        return settings
    }

    public static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {
        config.biometrics = settings.biometricsEnabled
    }

    /// The scenario's phone as the scenario left it (its cards): the scenario's device with its
    /// biometrics. With no scenario known (a server without the admin token), a phone is its device's.
    public static func isScenarioInstance(_ c: SessionConfig) -> Bool {
        guard let s = c.scenarioSession, s.device == c.device else { return false }
        return c.biometrics == s.biometricsEnabled
    }

    /// A push becomes a notification on the phone whatever screen is open (docs/card-rules.md §4); a
    /// transaction approved, declined or cancelled, here or elsewhere, shows on it at once.
    public static func received(_ event: SimEvent, _ app: inout AppState) -> [Effect]? {
        switch event.kind {
        case .push: Features.cardPhone.send(.pushed(event.data), to: &app)
        case .transaction: Features.cardPhone.send(.transactionChanged(event.data), to: &app) + Features.simulator.send(.backOfficeChanged, to: &app)
        default: nil
        }
    }

    /// A push not opened yet: one key opens it from any screen (a function key: typing never takes it).
    public static func globalCommands(_ app: AppState) -> [AvailableCommand] {
        guard app.cardPhone.unread != nil, app.staged == nil, app.route != .simulator, !(app.route == .card && app.cardPhone.isDeciding) else { return [] }
        return [AvailableCommand(.function(6), "open push", "Open the newest push notification on the phone.", .cardPhone(.openPush))]
    }

    /// A walk's header keeps the phone's biometrics, and whether it is the scenario's phone (the
    /// shell writes the system).
    public static func walkFields(_ c: SessionConfig) -> [String: JSONValue] {
        settings(c).options.merging([WalkSessionField.scenarioInstance: .bool(c.isScenarioInstance)]) { option, _ in option }
    }

    /// A card phone is the scenario's own unless the header says otherwise (walks recorded before
    /// phones had their device's session were all on the scenario's phone, "default").
    public static func readWalk(_ f: [String: JSONValue], into c: inout SessionConfig) {
        if let v = SessionSettings(device: c.device, options: f).biometricsOption { c.biometrics = v }
        if f[WalkSessionField.scenarioInstance]?.boolValue ?? true { c.scenarioSession = c.settings }
    }

    public static let simulatorSections: Set<SimulatorSection> = [.cardTransactions]
    public static let simulatorParts = "the phone's notifications"

    /// The issuer's back office and a purchase, on the panel's Card field; the other phone and the bank
    /// on the purchase waiting for this phone.
    public static func simulatorKeys(_ panel: SimulatorPanel.State, _ shared: Shared) -> [KeyBinding<SimulatorPanel.Action>] {
        CardIssuerControl.keys
    }

    /// The Card field: the card the issuer's keys act on.
    public static let simulatorFields = [SimulatorField(.cardNumber, initial: CardIssuerControl.defaultCard)]

    /// The issuer's control on the Card field's card.
    public static func simulatorCommand(_ command: SystemPanelCommand, _ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out] {
        guard let issuer = command.command(as: CardIssuerControl.self) else { return [] }
        let card = panel.form[.cardNumber].trimmedBlanks
        guard !card.isEmpty || !issuer.needsCard else {
            panel.message = "Type a card in the Card field first (its last four digits or accountId)."
            return []
        }
        return [.control(.simulator(.cardIssuer(issuer)), issuer.control(card: card, session: shared.config.sessionName))]
    }

    public static func simulatorAnswered(_ command: SystemPanelCommand, _ answer: SimAnswer, _ panel: inout SimulatorPanel.State,
                                         _ shared: Shared) -> [SimulatorPanel.Out] {
        if command.command(as: CardPanelRead.self) == .pushes {
            panel.pushes = CardTransaction.pushes(answer)
            panel.now = answer.now ?? panel.now
            return []
        }
        guard let issuer = command.command(as: CardIssuerControl.self) else { return [] }
        (panel.issuer, panel.message) = issuer.read(answer)
        return backOfficeReads(shared)
    }

    public static func backOfficeReads(_ shared: Shared) -> [SimulatorPanel.Out] {
        [.control(.simulator(.pushes), .casaPushes(session: shared.config.sessionName))]
    }
    public static let faultTargets = CardAPI.all.map(\.name)
    public static let faultPresets: [FaultPreset] = [
        preset(.transactionExpired), preset(.pinLocked), preset(.inactiveAccount), .latency(ms: 3000),
    ]
    public static let faultCodeExample = "an error code, e.g. ERROR_PIN_LOCKED"

    private static func preset(_ error: CardError) -> FaultPreset {
        FaultPreset(code: .text(error.code), barTitle: error.code.replacingOccurrences(of: "ERROR_", with: ""),
                    title: "next call answers \(error.code) (\(error.label))")
    }

    public static func failure(_ error: CallError) -> Notice { .card(error) }

    /// The app's network failures (decision: the contract names none; codes in the SDK's style).
    public static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice {
        let (code, label): (String, String) = switch kind {
        case .timeout: ("ERROR_TIMEOUT", "The bank did not answer in time")
        case .noInternet: ("ERROR_NO_NETWORK", "No network: the bank cannot be reached")
        case .invalidReturn: ("ERROR_INVALID_RESPONSE", "The bank's answer could not be read")
        case .serverError: ("ERROR_SERVER", "The bank's server failed")
        }
        return Notice(kind: .error, code: code, label: label, detail: error.detail,
                      advice: "The call did not reach the bank: nothing changed. Retry it (r, or ^R in a form).")
    }
}

extension SystemChoice {
    public static let card = SystemChoice("Card")
}
