extension StrongAuthentication {
    /// The open prompt: the call that answered 2302 and the PIN that will get the OTP.
    public struct Prompt: Hashable, Sendable {
        /// The call that answered 2302, retried once after the OTP.
        public var original: PlannedCall
        /// Where to return after the retry.
        public var returnTo: Route
        public var form = Form([.pin])
        /// The OTP the backend gave (shown, never needed again by the app).
        public var otp: String?
        /// Why the prompt stopped: a wrong PIN, or 2317/2312 pointing to the steps refresh.
        public var message: String?
        /// 2317 or 2312 from otp: the tutorial's way out is the steps list with `resetSteps: true`.
        public var suggestsStepsReset = false

        /// The tutorial's words, for the screen.
        public static let explanation = [
            "Some APIs need strong authentication: the PIN gets an OTP (get pims.authentication.otp withPin).",
            "Then the call that answered 2302 is sent again, once.",
        ]

        public init(original: PlannedCall, returnTo: Route) {
            self.original = original
            self.returnTo = returnTo
        }
    }
}
