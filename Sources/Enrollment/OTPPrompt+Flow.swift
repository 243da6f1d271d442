import PIMS

/// The OTP tutorial: on 2302, ask for the PIN, get an OTP `withPin`, retry the original call once.
extension AppState {
    mutating func askForOTP(_ original: PlannedCall) -> [Effect] {
        otp = OTPPrompt(original: original, returnTo: route)
        otp?.message = "\(original.purpose.stepLabel) needs strong authentication (2302): enter the PIN to get an OTP; the call is then retried once."
        route = .otp
        banner = .failure(PIMSError(.needStrongAuthentication))
        return []
    }

    mutating func submitOTP() -> [Effect] {
        guard otp != nil else { return [] }
        guard otp!.form.validate(sendAsTyped: sendAsTyped, policy: policy) else { return [] }
        return issue(.otp, Requests.otpWithPIN(otp!.form.param(.pin)))
    }

    mutating func otpAnswered(_ r: PIMSResponse) -> [Effect] {
        guard let prompt = otp else { return [] }
        if let error = r.error {
            banner = .failure(error)
            switch error.code {
            case 2308:
                otp?.form.clear([.pin])
                otp?.message = "\(sentence(error.detail ?? "wrong PIN")). Type it again."
            case 2317, 2312:
                // The OTP tutorial and seed 001: these are cleared by refreshing the steps with resetSteps.
                otp?.suggestsStepsReset = true
                otp?.message = "\(error.code) from otp: refresh the service activation steps with resetSteps: true (^S) to clear a stale cache, then resolve what is todo."
                banner = .failure(error, advice: "Press ^S to refresh the steps with resetSteps: true.")
            default:
                otp?.message = "\(error.code) \(error.label)"
            }
            return []
        }
        let code = r.result?["otp"]?.stringValue ?? "?"
        otp = nil
        route = prompt.returnTo
        banner = .success("OTP \(code) obtained: strong authentication open. Retrying \(prompt.original.purpose.stepLabel) once.")
        return issue(prompt.original.purpose, prompt.original.request, isOTPRetry: true)
    }

    /// Esc on the OTP page: the original call is not retried; its flow goes back to where it asked.
    mutating func cancelOTP() -> [Effect] {
        guard let prompt = otp else { return back() }
        otp = nil
        route = prompt.returnTo
        banner = .info("Strong authentication cancelled: \(prompt.original.purpose.stepLabel) was not retried.")
        if prompt.original.purpose == .account(.removeVehicle) { account.stage = .input }
        return []
    }
}
