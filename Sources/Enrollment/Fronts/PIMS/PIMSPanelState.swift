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
