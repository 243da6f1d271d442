import PIMS

extension StrongAuthentication {
    public enum Action: FeatureAction {
        case opened, submit, cancel
        case moveSelection(Int)
        /// A call answered 2302: open the prompt; the app shows the page.
        case ask(PlannedCall, returnTo: Route)
        /// Leave for the steps list with `resetSteps: true` (after 2317/2312).
        case resetSteps
        /// The answer of `otp withPin`.
        case answered(CallResponse)
    }

    public enum Delegate: Hashable, Sendable {
        /// The OTP opened the window: send the original call again, once, back where it was asked.
        case authenticated(PlannedCall, returnTo: Route)
        /// The prompt was left: the original call is not retried.
        case notRetried(PlannedCall, returnTo: Route)
        /// Refresh the steps list with `resetSteps: true`.
        case resetSteps
    }
}
