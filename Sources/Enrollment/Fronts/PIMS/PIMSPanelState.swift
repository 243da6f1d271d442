import PIMS
import SimKernel

/// PIMS's part of the simulator panel, kept per front in the panel's `systems`: the live account
/// (its steps caches), the SMS inbox and the vehicle, as the controls last read them.
public struct PIMSPanelState: Hashable, Sendable {
    public var account: AccountSnapshot?
    public var inbox: PhoneInbox?
    /// The panel wanted the inbox before it knew whose: the account's answer names the phone,
    /// and its inbox is read then (else a panel opened right after logging in stays empty).
    public var inboxAwaitsPhone = false
    /// PIMS's vehicle as the `vehicle` control last read it (R46).
    public var vehicle: VehicleTruth?

    public init() {}

    static let key = StateKey("pims", empty: PIMSPanelState())
}

extension SimulatorPanel.State {
    public var pims: PIMSPanelState {
        get { systems[PIMSPanelState.key] }
        set { systems[PIMSPanelState.key] = newValue }
    }
    public var account: AccountSnapshot? {
        get { pims.account }
        set { pims.account = newValue }
    }
    public var inbox: PhoneInbox? {
        get { pims.inbox }
        set { pims.inbox = newValue }
    }
    public var inboxAwaitsPhone: Bool {
        get { pims.inboxAwaitsPhone }
        set { pims.inboxAwaitsPhone = newValue }
    }
    public var vehicle: VehicleTruth? {
        get { pims.vehicle }
        set { pims.vehicle = newValue }
    }
}

/// What PIMS's part of the panel reads, and what its answers say.
extension SimulatorPanel.State {
    /// The live account's answer: the account, the clock, the inbox it was waiting for, the policy.
    mutating func accountAnswered(_ answer: SimAnswer, _ shared: Shared) -> [SimulatorPanel.Out] {
        let read = AccountAnswer(answer)
        if let snapshot = read.account { account = snapshot }
        if let now = read.now { self.now = now }
        let inbox = inboxAwaitsPhone && account?.phone != nil ? readInbox() : []
        guard let policy = Self.policy(read.limits, over: shared.policy) else { return inbox }
        return [.delegate(.policyRead(policy))] + inbox
    }

    /// Reads the inbox the panel shows (the one read last, else the account's phone's); with no
    /// phone known yet, the account's answer reads it.
    mutating func readInbox() -> [SimulatorPanel.Out] {
        guard let phone = inbox?.phone ?? account?.phone else {
            inboxAwaitsPhone = true
            return []
        }
        inboxAwaitsPhone = false
        return [.refreshInbox(phone)]
    }

    /// The backend's PIN and SMS policy over the current one, when it reports one (the contract's
    /// defaults otherwise).
    static func policy(_ limits: PolicyLimits?, over current: PINPolicy) -> PINPolicy? {
        guard let limits else { return nil }
        var policy = current
        if let v = limits.pinMinLength { policy.pinMinLength = v }
        if let v = limits.pinMaxLength { policy.pinMaxLength = v }
        if let v = limits.smsCodeLength { policy.smsCodeLength = v }
        if let v = limits.pinFailuresBeforeBlock { policy.pinFailuresBeforeBlock = v }
        return policy
    }
}
