import SimKernel

/// What a feature may read of the app: the session's settings, the input policy, the login, the
/// state of the call pipeline, and the system front's own part (`front`: what its flows read of
/// the world as last seen, built by `SystemFront.sharedPart`). A value, built by the app for each
/// action; a feature changes the app only through its outcomes.
public struct Shared: Hashable, Sendable {
    public var config: SessionConfig
    public var policy: PINPolicy
    /// Fields are sent as typed (to see the backend's 2101/2102).
    public var sendAsTyped: Bool
    /// The username the session is logged in as.
    public var loggedIn: String?
    /// A call is in flight or staged.
    public var callPending: Bool
    /// A call that failed at transport level (or was abandoned) can be sent again.
    public var canRetry: Bool
    /// The system front's own part, read through its accessors (`Shared.pims`).
    public var front: FrontValue?

    public init(config: SessionConfig = SessionConfig(), policy: PINPolicy = PINPolicy(), sendAsTyped: Bool = false,
                loggedIn: String? = nil, callPending: Bool = false, canRetry: Bool = false, front: FrontValue? = nil) {
        self.config = config
        self.policy = policy
        self.sendAsTyped = sendAsTyped
        self.loggedIn = loggedIn
        self.callPending = callPending
        self.canRetry = canRetry
        self.front = front
    }
}
