import PIMS

/// PIMS's front: an account logged in on a device, SMS codes and PINs, vehicles and the car key.
public enum PIMSFront: SystemFront {
    public static let system = SystemChoice.pims
    public static let systemID = PIMSSystem.id
    public static let intro = "Open a session: one SDK instance on one device, logged in to one account (R0a)."
    public static let title = "PIMS (SMS code and PIN enrollment)"
    public static let tagline = "SMS and PIN enrollment"
    public static let sessionFields: [FieldID] = [.username, .password, .device]
    public static let opens = "Open the backend, create this device's session and log in (R0a)."
    public static let logsIn = true

    public static func settingKeys(_ c: SessionConfig) -> [KeyBinding<SessionSetup.Action>] {
        [KeyBinding(.letter("o"), c.platform.rawValue, "Platform: iOS sends the SMS code at steps 7/8, Android does not.", .cycle(.platform)),
         KeyBinding(.letter("k"), "SDK \(c.sdk)", "SDK version: the shortcut 4·1 needs 2.1; 2.0 names the phone step trustedPhone.", .cycle(.sdk)),
         KeyBinding(.letter("e"), c.variant.rawValue, "Spec variant: tutorial or reference readings of the documents.", .cycle(.variant))]
    }

    public static func settingRows(_ c: SessionConfig) -> [SettingRow] {
        [SettingRow(.platform, "Platform", c.platform == .ios ? "iOS (sends the SMS code at steps 7/8)" : "Android (no SMS code at steps 7/8)"),
         SettingRow(.sdk, "SDK", "\(c.sdk)" + (c.offersShortcut ? "" : " (no shortcut 4·1; phone step named trustedPhone)")),
         SettingRow(.variant, "Variant", c.variant == .tutorial ? "tutorial (the tutorials' reading)" : "reference (the API reference's reading)")]
    }

    public static func readyNotice(_ c: SessionConfig) -> Notice {
        .success("Logged in as \(c.username) on \(c.device) (\(c.platform.rawValue), SDK \(c.sdk)).")
    }

    /// The variant is part of what the backend answers (R2, R3): it stays; the username goes first
    /// when room is short.
    public static func statusLine(_ app: AppState, room: Int) -> String {
        let c = app.session.config
        let user = app.session.loggedIn ?? c.username
        let session = "\(c.device) · \(c.platform == .ios ? "iOS" : "Android") · SDK \(c.sdk) · \(c.variant.rawValue)"
        return (room >= user.count + 3 + session.count ? "\(user) · " : "") + session
    }

    public static let homeMenu: [Route] = [.guided, .account, .steps, .carKey, .simulator, .log, .coverage, .start, .vehicle]

    public static let onReady: [Action] = []

    public static func settings(_ c: SessionConfig) -> SessionSettings {
        SessionSettings(device: c.device, platform: c.platform, sdk: c.sdk, variant: c.variant)
    }

    public static func adopt(_ settings: SessionSettings, into config: inout SessionConfig) {
        config.platform = settings.platform
        config.sdk = settings.sdk
        config.variant = settings.variant
    }

    /// A PIMS session is always its device's: the scenario's account is logged in to afresh.
    public static func isScenarioInstance(_ config: SessionConfig) -> Bool { false }

    /// An SMS delivered lights up the simulated phone, whoever caused it (another terminal, batch,
    /// /v1/sim); an account changed is read again, and, when another session changed it (a code
    /// consumed or burnt), the inbox shown too (this session's own calls refresh what they change).
    public static func received(_ event: SimEvent, _ app: inout AppState) -> [Effect]? {
        switch event.kind {
        case .smsDelivered:
            return app.refreshInbox(app.phoneShown(SMSMessage.phone(of: event)))
        case .accountChanged:
            guard let user = app.session.loggedIn, let change = AccountChange(event), change.username == user else { return [] }
            let elsewhere = change.session.map { $0 != app.session.config.sessionName } ?? false
            return app.refreshAccount() + (elsewhere ? app.refreshInbox(app.simulator.inbox?.phone) : [])
        case .signal, .vehicleEvent:
            // A command's steps and charge notifications (R43, R44, R37): the Vehicle screen's.
            return Features.vehicle.send(.heard(event), to: &app)
        default: return nil
        }
    }

    /// 2317 from any flow: the account is blocked, and step A is its way out (the guided
    /// enrollment offers it as its own `a`).
    public static func globalCommands(_ app: AppState) -> [AvailableCommand] {
        guard app.notice?.code == "\(ErrorCode.forbiddenOperation)", app.editingField == nil, app.staged == nil, app.route != .guided else { return [] }
        return [AvailableCommand(.char("A"), "step A", "The account is blocked (2317): remove all enrollments (asks first).", .choose(.stepA))]
    }

    public static let simulatorSections: Set<SimulatorSection> = [.account, .smsInbox, .proximity, .vehicle]
    public static let simulatorParts = "the account, the SMS inbox, the vehicle"
    /// The battery level the panel's `6` sets (R46).
    public static let simulatorFields = [SimulatorField(.batteryLevel, initial: "15")]

    /// The car key's proximity, near the car key's vehicle.
    public static func simulatorKeys(_ panel: SimulatorPanel.State, _ shared: Shared) -> [KeyBinding<SimulatorPanel.Action>] {
        [
            KeyBinding(.letter("b"), ProximityPart.bluetooth.title, "Toggle Bluetooth near the car-key vehicle.", .toggleProximity(.bluetooth)),
            KeyBinding(.letter("y"), ProximityPart.paired.title, "Toggle the phone's pairing with the vehicle.", .toggleProximity(.paired)),
            KeyBinding(.letter("k"), ProximityPart.keyInside.title, "Toggle the key inside the vehicle.", .toggleProximity(.keyInside)),
            KeyBinding(.letter("s"), "log SDK out", "End the SDK's session (logout, R0b) as an expired one would, the app unaware: "
                       + "its next calls answer 2301 (R0c) until Enter on the session screen logs in again.", .system(SystemPanelCommand(.pims, SDKSession.logOut))),
        // `s` (session), not `l`: while a field is edited it is ^S, where ^L would be the terminal's.
        // Digits: no letter is left that is not the panel's, the app's or, as ^letter while a field is
        // edited, the terminal's; a digit is typed into a field while one is edited, never a command.
        ] + zip(["1", "2", "3", "4", "5", "6", "7", "8"] as [Character], VehicleSwitch.allCases).map { key, change in
            KeyBinding(.letter(key), change.title, change.help, .vehicle(change))
        }
    }

    /// A requirement of the car key, toggled near the car key's vehicle (else the account's first).
    public static func simulatorCommand(_ command: SystemPanelCommand, _ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out] {
        if let change = command.command(as: VehicleSwitch.self) { return panel.change(change, shared) }
        if command.command(as: SDKSession.self) != nil {
            panel.message = "SDK logged out (R0b): calls now answer 2301 (R0c) until a new login."
            return [.call(.account(.logout), PIMSRequests.logout)]
        }
        guard let part = command.command(as: ProximityPart.self) else { return [] }
        let vin = shared.carKeyVIN ?? shared.vehicles.first?.vin
        guard let user = shared.loggedIn, let vin, let v = shared.vehicles.first(where: { $0.vin == vin }), let vinValue = VIN(vin) else {
            panel.message = "No vehicle to change."
            return []
        }
        let control: SimControl = switch part {
        case .bluetooth: .proximity(username: user, vin: vinValue, bluetoothOn: !v.bluetoothOn, paired: nil, keyInside: nil)
        case .paired: .proximity(username: user, vin: vinValue, bluetoothOn: nil, paired: !v.paired, keyInside: nil)
        case .keyInside: .proximity(username: user, vin: vinValue, bluetoothOn: nil, paired: nil, keyInside: !v.keyInside)
        }
        return [.control(.simulator(.proximity), control)]
    }

    public static func simulatorAnswered(_ command: SystemPanelCommand, _ answer: SimAnswer, _ panel: inout SimulatorPanel.State,
                                         _ shared: Shared) -> [SimulatorPanel.Out] {
        switch command.command(as: PIMSPanelControl.self) {
        case .vehicle?: return panel.vehicleAnswered(answer)
        case .vehicleChange(let change)?: return panel.vehicleAnswered(answer, change: change)
        case .account?: return panel.accountAnswered(answer, shared)
        case .inbox(let phone)?:
            panel.inbox = PhoneInbox(phone: phone, answer: answer)
            panel.now = panel.inbox?.now ?? panel.now
            return []
        case .proximity?, nil:
            panel.message = "Proximity changed."
            return [.refreshAccount]
        }
    }

    /// The live account and its phone's SMS inbox.
    public static func simulatorReads(_ panel: inout SimulatorPanel.State, _ shared: Shared) -> [SimulatorPanel.Out] {
        [.refreshAccount] + panel.readInbox() + panel.change(nil, shared)
    }

    /// The calls a fault can target, in the order the flows meet them (each name once), by their
    /// rules in the catalogue: SMS codes, enrollment, account, trusted phone, PIN, OTP, steps,
    /// vehicle, car key, VIN, remote commands and status (R45), and the signal a command's execution
    /// answers (R45: `sub` an action, a code of the signal list).
    public static let faultTargets = ["R4", "R8", "R1", "R3", "R13", "R16", "R19", "R18", "R24", "R23", "R32", "R39"].map { APICatalogue.entry($0).name }
        + [PIMSSystem.signalFaultName]

    public static let faultPresets: [FaultPreset] = [.timeout, .noInternet, .serverError, .latency(ms: 3000)]
    public static let faultCodeExample = "e.g. 2307"

    public static func failure(_ error: CallError) -> Notice { .failure(error) }

    /// The SDK's own transport codes (§7: 2201, 2202, 2204) with their advice.
    public static func transportFailure(_ kind: TransportError, _ error: CallError) -> Notice { .failure(error) }
}

/// The simulator panel's hand on the SDK's session: ended behind the app's back (R0b, then R0c).
public enum SDKSession: Hashable, Sendable { case logOut }

/// PIMS's own control on the simulator panel, as its answer comes back.
public enum PIMSPanelControl: Hashable, Sendable {
    /// The live account (`account`), for PIMS's part of the panel and the flows' `Shared`.
    case account
    /// The simulated phone's SMS inbox for a number.
    case inbox(phone: String)
    case proximity
    /// The `vehicle` control (R46): a read.
    case vehicle
    /// The `vehicle` control (R46): one of the panel's changes.
    case vehicleChange(VehicleSwitch)
}

extension SimulatorPanel.Action {
    /// Toggle a requirement of the car key near the car key's vehicle (else the first).
    public static func toggleProximity(_ part: ProximityPart) -> Self { .system(SystemPanelCommand(.pims, part)) }
    /// One of the vehicle's own changes (R46) on the remote vehicle (else the first).
    public static func vehicle(_ change: VehicleSwitch) -> Self { .system(SystemPanelCommand(.pims, change)) }
}

extension SimulatorPanel.Control {
    public static let account = Self.system(SystemPanelCommand(.pims, PIMSPanelControl.account))
    public static func inbox(phone: String) -> Self { .system(SystemPanelCommand(.pims, PIMSPanelControl.inbox(phone: phone))) }
    public static let proximity = Self.system(SystemPanelCommand(.pims, PIMSPanelControl.proximity))
    public static let vehicle = Self.system(SystemPanelCommand(.pims, PIMSPanelControl.vehicle))
    public static func vehicleChange(_ change: VehicleSwitch) -> Self { .system(SystemPanelCommand(.pims, PIMSPanelControl.vehicleChange(change))) }
}

extension FaultPreset {
    /// PIMS's transport codes (§7), the presets a QA engineer reaches for first.
    public static let timeout = pims(.timeout, "Timeout")
    public static let noInternet = pims(.noInternet, "No internet")
    public static let serverError = pims(.serverError, "Server Error")

    private static func pims(_ code: ErrorCode, _ words: String) -> FaultPreset {
        FaultPreset(code: code.value, barTitle: "\(code) \(words)", title: "next call answers \(code) \(words)")
    }
}

extension SystemChoice {
    public static let pims = SystemChoice("PIMS")
}
