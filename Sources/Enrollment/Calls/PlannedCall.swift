import SimKernel

/// A call ready to go: what it is for and the exact request.
public struct PlannedCall: Hashable, Sendable {
    public var purpose: CallPurpose
    public var request: CallRequest
    /// What the system's front set on the call when it sent it again (PIMS: the one retry after an
    /// OTP, so that a second 2302 is shown instead of looping); the shell carries it unread.
    public var mark: FrontValue?

    public init(_ purpose: CallPurpose, _ request: CallRequest, mark: FrontValue? = nil) {
        self.purpose = purpose
        self.request = request
        self.mark = mark
    }
}

/// The call the app is waiting for: Esc stops waiting; its answer is still logged.
public struct InFlightCall: Hashable, Sendable {
    public var id: RequestID
    public var call: PlannedCall
    public init(id: RequestID, call: PlannedCall) {
        self.id = id
        self.call = call
    }
}
