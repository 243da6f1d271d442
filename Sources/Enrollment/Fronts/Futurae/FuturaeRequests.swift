import Futurae
import SimKernel

/// The Futurae calls the front makes (docs/futurae-rules.md §3), each Futurae's typed call
/// (`FuturaeCall`), which writes its own request.
public enum FuturaeRequests {
    /// F2: exactly one of the two codes; the SDK PIN and the binding token when the app asked for them.
    public static func enroll(activationCode: String? = nil, shortCode: String? = nil, sdkPin: String? = nil,
                              bindingToken: String? = nil) -> CallRequest {
        FuturaeCall.enroll(.init(activationCode: activationCode, shortCode: shortCode, sdkPin: sdkPin, bindingToken: bindingToken)).request
    }
    /// F1: what kind of QR code a payload is.
    public static func qrCodeType(_ payload: String) -> CallRequest { FuturaeCall.qrCodeType(QRPayload(payload)).request }
    /// F3.
    public static let accounts = FuturaeCall.accounts.request
    /// F4 with the SDK PIN.
    public static func unlock(sdkPin: String) -> CallRequest { FuturaeCall.unlock(.sdkPin(sdkPin)).request }
    /// F4 with the simulated biometric prompt's outcome.
    public static func unlock(biometrics outcome: BiometricOutcome) -> CallRequest { FuturaeCall.unlock(.biometrics(outcome)).request }
    /// F5.
    public static let lock = FuturaeCall.lock.request
    /// F6.
    public static func logout(userId: String) -> CallRequest { FuturaeCall.logoutAccount(userId: userId).request }
    public static func delete(userId: String) -> CallRequest { FuturaeCall.deleteAccount(userId: userId).request }

    /// F8: the logins pushed to this device, still waiting.
    public static let authSessions = FuturaeCall.authSessions.request
    /// F9: `approve` sends `futurae.approveAuth`; `reject` and `fraud` send `futurae.rejectAuth`.
    public static func answerAuth(sessionId: String, _ answer: FuturaeLogin.Answer) -> CallRequest {
        answer == .approve ? FuturaeCall.approveAuth(sessionId: sessionId).request
            : FuturaeCall.rejectAuth(sessionId: sessionId, isFraud: answer == .fraud).request
    }
}

/// The simulated fingerprint or face prompt's three endings (F4).
public typealias BiometricOutcome = FuturaeCall.BiometricOutcome

extension Notice {
    /// A Futurae failure as the front shows it: domain, code and case name, the label, and what to do.
    public static func futurae(_ error: CallError) -> Notice {
        let known = FuturaeError(error)
        let code = [error.domain, error.code.description, error.name].compactMap { $0 }.joined(separator: " ")
        return Notice(kind: .error, code: code, label: error.label, detail: error.detail,
                      advice: known?.whatToDo ?? "See the API log for the full answer.")
    }
}
