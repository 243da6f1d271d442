import PIMS
import SimKernel

/// PIMS's part of `Shared`: what its flows read of the app (the account and the phone as the
/// simulator last reported them, the checklist's need, the vehicles chosen).
public struct PIMSShared: Hashable, Sendable {
    /// The live account, as the simulator last reported it.
    public var account: AccountSnapshot?
    /// The simulated phone's inbox, as last read.
    public var inbox: PhoneInbox?
    /// The step of the checklist a flow was started for, if any (the flow stops where it is done).
    public var checklistNeeds: StepsChecklist.Need?
    /// The trusted phone as the flows know it (the account's, else the one enrollment found).
    public var trustedPhone: String?
    /// The vehicle the car key flow works on (the simulator's proximity toggles act on it).
    public var carKeyVIN: String?
    /// The vehicle the Vehicle screen selected for remote use (the simulator's vehicle controls act on it).
    public var remoteVIN: String?

    public init(account: AccountSnapshot? = nil, inbox: PhoneInbox? = nil, checklistNeeds: StepsChecklist.Need? = nil,
                trustedPhone: String? = nil, carKeyVIN: String? = nil, remoteVIN: String? = nil) {
        self.account = account
        self.inbox = inbox
        self.checklistNeeds = checklistNeeds
        self.trustedPhone = trustedPhone
        self.carKeyVIN = carKeyVIN
        self.remoteVIN = remoteVIN
    }

    /// Read off what the app keeps of it: the flows' states (`AppState.features`) and PIMS's part
    /// of the simulator panel (`SimulatorPanel.State.systems`), as `app.guided` and
    /// `app.simulator.pims` read them.
    init(features: StateBag, panelParts: StateBag) {
        // Each kept state read once (a read is a lookup and a cast).
        let panel = panelParts[PIMSPanelState.key], carKey = features[Features.carKey.key]
        self.init(account: panel.account, inbox: panel.inbox, checklistNeeds: features[Features.steps.key].resolving?.need,
                  trustedPhone: panel.account?.phone ?? features[Features.guided.key].trustedPhone,
                  carKeyVIN: carKey.selectedVIN ?? carKey.vin, remoteVIN: features[Features.vehicle.key].vin)
    }
}

/// PIMS's flows read their part by the names they always had.
extension Shared {
    public init(config: SessionConfig = SessionConfig(), loggedIn: String? = nil, callPending: Bool = false, canRetry: Bool = false,
                pims: PIMSShared) {
        self.init(config: config, loggedIn: loggedIn, callPending: callPending, canRetry: canRetry, front: FrontValue(pims))
    }

    public var pims: PIMSShared { front?.as(PIMSShared.self) ?? PIMSShared() }
    public var account: AccountSnapshot? { pims.account }
    public var inbox: PhoneInbox? { pims.inbox }
    public var checklistNeeds: StepsChecklist.Need? { pims.checklistNeeds }
    public var trustedPhone: String? { pims.trustedPhone }
    public var carKeyVIN: String? { pims.carKeyVIN }
    public var remoteVIN: String? { pims.remoteVIN }
    /// The vehicles of the account, as the simulator reported them.
    public var vehicles: [AccountSnapshot.Vehicle] { pims.account?.vehicles ?? [] }
}

/// What PIMS's flows ask the app to read again (`Outcome.front`).
enum PIMSRefresh: Hashable, Sendable {
    case account
    case inbox(phone: String?)
}

/// PIMS's note on a call it sends again (`PlannedCall.mark`): the one retry after an OTP, whose
/// 2302 is shown instead of asking for an OTP again (R17).
enum PIMSCallMark: Hashable, Sendable {
    case retryAfterOTP
}

extension Outcome {
    /// Read the live account again (the panels and the vehicle lists).
    public static var refreshAccount: Outcome { .front(FrontValue(PIMSRefresh.account)) }
    /// Read the simulated phone's inbox for this number (after an SMS was sent to it).
    public static func refreshInbox(_ phone: String?) -> Outcome { .front(FrontValue(PIMSRefresh.inbox(phone: phone))) }
}

extension AppState {
    /// A checklist step reported `alreadyDone` from the steps cache while the live world says it is
    /// not done (R19's trap, shown as such).
    public func isCachedOnly(_ item: StepsChecklist.Item) -> Bool {
        self.steps.isCachedOnly(item, account: simulator.account, device: session.config.device)
    }

    /// The live account for the panels (and the vehicle lists).
    mutating func refreshAccount() -> [Effect] {
        // PIMS's account: a Futurae session reads its own accounts by call (F3).
        guard let user = session.loggedIn, session.config.system.front.simulatorSections.contains(.account) else { return [] }
        return control(.simulator(.account), .account(username: user))
    }

    /// The simulated phone's inbox for a number, after an SMS was sent to it.
    mutating func refreshInbox(_ phone: String?) -> [Effect] {
        guard let phone, let number = PhoneNumber(phone) else { return [] }
        return control(.simulator(.inbox(phone: phone)), .inbox(phone: number))
    }
}

/// PIMS's hooks in the shell: its part of `Shared`, its refreshes, and strong authentication (a
/// 2302 answer asks for an OTP, then sends the call once more).
extension PIMSFront {
    /// Made when a flow first reads it: `Shared` is built for every question a key asks, and most
    /// never read PIMS's part. The two registries are values (a reference each to copy), so the
    /// part is the one the app had when `Shared` was built.
    public static func sharedPart(_ app: AppState) -> FrontValue? {
        let features = app.features, panelParts = app.simulator.systems
        return FrontValue(lazy: { PIMSShared(features: features, panelParts: panelParts) })
    }

    public static func perform(_ value: FrontValue, _ app: inout AppState) -> [Effect] {
        // The simulator panel's vehicle control answered: the Vehicle screen shows the car too.
        if let truth = value.as(VehicleTruth.self) { return Features.vehicle.send(.truthRead(truth), to: &app) }
        switch value.as(PIMSRefresh.self) {
        case .account: return app.refreshAccount()
        case .inbox(let phone): return app.refreshInbox(phone)
        case nil: return []
        }
    }

    /// R0a: the session logs in to its account once created.
    public static func login(_ config: SessionConfig) -> CallRequest? { PIMSRequests.login(config.username, config.password) }

    public static func loginRefused(_ error: CallError, _ config: SessionConfig) -> String? {
        switch error.pimsCode {
        case .invalidParameter: "Wrong username or password: correct them and press Enter."
        case .accountTemporarilyLockedOut: lockoutAdvice(config)
        default: nil
        }
    }

    /// 2383 at login: the simulated clock moves only when advanced, and the simulator panel that
    /// advances it needs a login, so the way out depends on whose world this is.
    static func lockoutAdvice(_ config: SessionConfig) -> String {
        switch config.backend {
        case .inProcess:
            "Locked for 15 simulated minutes, and this world's clock moves only when advanced (F8, after a login): "
                + "quit and start enrollsim again for a new world, or log in on another scenario (n)."
        case .remote:
            "Locked for 15 simulated minutes: someone logged in on this server advances the shared clock (F8, a, 900 seconds), "
                + "or an admin does: {\"sim\": \"advance\", \"seconds\": 900} to enrollsim batch."
        }
    }

    /// Leaving a flow the checklist started: finishing it later no longer comes back to the list.
    public static func leaving(_ route: Route, _ app: inout AppState) -> [Effect] {
        guard let need = app.steps.resolving?.need, AppState.route(resolving: need) == route else { return [] }
        return Features.steps.send(.flowLeft, to: &app)
    }

    public static func intercept(_ response: CallResponse, of call: PlannedCall, _ app: inout AppState) -> [Effect]? {
        guard response.error?.pimsCode == .needStrongAuthentication, retriedAfterOTP.contains(call.purpose.call.feature),
              call.mark?.as(PIMSCallMark.self) != .retryAfterOTP else { return nil }
        // The OTP page, then this call once more.
        let effects = Features.otp.send(.ask(call, returnTo: app.route), to: &app)
        app.route = .otp
        return effects
    }

    /// Every answer may have changed the account; a late one may also have sent an SMS.
    public static func afterAnswer(_ app: inout AppState, late: Bool) -> [Effect] {
        late ? app.refreshAccount() + app.refreshInbox(app.simulator.inbox?.phone) : app.refreshAccount()
    }
}
