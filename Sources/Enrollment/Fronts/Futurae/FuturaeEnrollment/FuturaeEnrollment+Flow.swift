import Futurae
import PIMS

/// The seed's order (§6): the code, then the SDK PIN when the lock type needs one and none is set,
/// then the binding token when the app's Trusted Session Binding is on, then `futurae.enroll`.
extension FuturaeEnrollment.State {
    typealias Out = FuturaeEnrollment.Out

    /// The step after the code (or after the prompt just answered).
    mutating func next(after done: FuturaeEnrollment.Phase, _ shared: Shared) -> [Out] {
        let c = shared.config
        // Send as typed asks for the SDK PIN whatever the app knows (the lock type, a PIN already
        // set), so that the SDK's own refusals can be seen: pinNotNeeded, multiplePinEnrollDisallowed.
        let needsPIN = c.lockType.usesSDKPin && pinSet != true
        if done != .sdkPin, done != .bindingToken, needsPIN || shared.sendAsTyped {
            askedPIN = true
            phase = .sdkPin
            return []
        }
        if done != .bindingToken, c.sessionBinding, method != .silent {
            askedToken = true
            phase = .bindingToken
            return []
        }
        return enroll(shared)
    }

    mutating func enroll(_ shared: Shared) -> [Out] {
        phase = .enrolling
        failure = nil
        let pin = askedPIN ? pinForm[.sdkPin] : nil
        // Silently, the app hands over the token it holds; otherwise the one the user typed.
        let token = method == .silent ? (shared.config.sessionBinding ? activation?.bindingToken : nil)
                                      : (askedToken ? tokenForm[.bindingToken] : nil)
        let request = method == .shortCode
            ? FuturaeRequests.enroll(shortCode: codeForm[.shortCode], sdkPin: pin, bindingToken: token)
            : FuturaeRequests.enroll(activationCode: scanned ?? "", sdkPin: pin, bindingToken: token)
        return [.call(.futurae(.enroll), request)]
    }

    /// Enter after a failure: back to the prompt the error is about, with what was typed; or the
    /// same call again when nothing typed is at fault.
    mutating func retry(_ shared: Shared) -> [Out] {
        guard let error = failure.flatMap(FuturaeError.init) else { return enroll(shared) }
        switch error {
        case .sdkPinEnrollRequired, .sdkPinEmpty:
            pinSet = false
            askedPIN = true
            phase = .sdkPin
        case .invalidParameter where failure?.detail?.contains("sdkPin") == true:
            phase = .sdkPin
        case .multiplePinEnrollDisallowed, .pinNotNeeded:
            // The SDK has its PIN already, or needs none: the same enrollment without one.
            pinSet = error == .multiplePinEnrollDisallowed ? true : pinSet
            askedPIN = false
            return enroll(shared)
        case .bindingTokenCheckFailed:
            askedToken = true
            phase = .bindingToken
        case .invalidActivationCode:
            phase = .typeShortCode
        case .activationCodeNotFound:
            // Unknown, expired or used: a mistyped shortcode is fixed here; otherwise a new activation.
            if method == .shortCode { phase = .typeShortCode } else { phase = .choose }
        case .invalidQRCode, .invalidQRCodeEnroll, .invalidEncodingActivationCode:
            phase = method == .silent ? .failed : .scanQR
        default:
            return enroll(shared)
        }
        return []
    }

    /// The flow map: where the user is in the seed's flow.
    public func flowMap(_ config: SessionConfig) -> [FuturaeFlowEntry] {
        let order: [FuturaeFlowStep] = FuturaeFlowStep.allCases
        let current: FuturaeFlowStep = switch phase {
        case .choose: .method
        case .creatingActivation: .activation
        case .scanQR, .typeShortCode, .typePayload: .code
        case .sdkPin: .sdkPin
        case .bindingToken: .bindingToken
        case .enrolling, .failed, .unlockPIN, .biometricPrompt: .enroll
        case .enrolled: .account
        }
        let needsPIN = askedPIN || (config.lockType.usesSDKPin && pinSet != true)
        let needsToken = askedToken || (config.sessionBinding && method != .silent)
        return order.map { step in
            let skipped = (step == .sdkPin && !needsPIN) || (step == .bindingToken && !needsToken) || (step == .code && method == .silent)
            let status: StepStatus
            if step == current { status = phase == .failed ? .failed : (phase == .enrolled ? .done : .current) }
            else if skipped { status = .skipped }
            else { status = order.firstIndex(of: step)! < order.firstIndex(of: current)! ? .done : .pending }
            return FuturaeFlowEntry(step: step, status: status)
        }
    }
}

/// The steps of a Futurae enrollment, as the flow map lists them.
public enum FuturaeFlowStep: String, Hashable, Sendable, CaseIterable {
    case method, activation, code, sdkPin, bindingToken, enroll, account

    public var title: String {
        switch self {
        case .method: "QR, shortcode or silent"
        case .activation: "Back office: activation"
        case .code: "Scan or type the code"
        case .sdkPin: "SDK PIN (new, twice)"
        case .bindingToken: "Binding token"
        case .enroll: FuturaeAPI.enroll.name
        case .account: "Account on the device"
        }
    }
}

public struct FuturaeFlowEntry: Hashable, Sendable {
    public var step: FuturaeFlowStep
    public var status: StepStatus
}
