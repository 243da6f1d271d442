import PIMS

/// What a feature may read of the app: the session's settings, the input policy, the world as last
/// seen, and the state of the call pipeline. A value, built by the app for each action; a feature
/// changes the app only through its outcomes.
public struct Shared: Hashable, Sendable {
    public var config: SessionConfig
    public var policy: PINPolicy
    /// Fields are sent as typed (to see the backend's 2101/2102).
    public var sendAsTyped: Bool
    /// The username the session is logged in as.
    public var loggedIn: String?
    /// The live account, as the simulator last reported it.
    public var account: AccountSnapshot?
    /// The simulated phone's inbox, as last read.
    public var inbox: PhoneInbox?
    /// A call is in flight or staged.
    public var callPending: Bool
    /// A call that failed at transport level (or was abandoned) can be sent again.
    public var canRetry: Bool
    /// The step of the checklist a flow was started for, if any (the flow stops where it is done).
    public var checklistNeeds: StepsChecklist.Need?
    /// The trusted phone as the flows know it (the account's, else the one enrollment found).
    public var trustedPhone: String?
    /// The vehicle the car key flow works on (the simulator's proximity toggles act on it).
    public var carKeyVIN: String?
    /// The vehicle the Vehicle screen selected for remote use (the simulator's vehicle controls act on it).
    public var remoteVIN: String?

    public init(config: SessionConfig = SessionConfig(), policy: PINPolicy = PINPolicy(), sendAsTyped: Bool = false,
                loggedIn: String? = nil, account: AccountSnapshot? = nil, inbox: PhoneInbox? = nil, callPending: Bool = false,
                canRetry: Bool = false, checklistNeeds: StepsChecklist.Need? = nil, trustedPhone: String? = nil,
                carKeyVIN: String? = nil, remoteVIN: String? = nil) {
        self.config = config
        self.policy = policy
        self.sendAsTyped = sendAsTyped
        self.loggedIn = loggedIn
        self.account = account
        self.inbox = inbox
        self.callPending = callPending
        self.canRetry = canRetry
        self.checklistNeeds = checklistNeeds
        self.trustedPhone = trustedPhone
        self.carKeyVIN = carKeyVIN
        self.remoteVIN = remoteVIN
    }

    /// The vehicles of the account, as the simulator reported them.
    public var vehicles: [AccountSnapshot.Vehicle] { account?.vehicles ?? [] }
}
