import Futurae
import PIMS

extension FuturaeEnrollment {
    /// How the device gets its activation code (§6).
    public enum Method: String, Hashable, Sendable, CaseIterable {
        case qrCode, shortCode, silent

        public var title: String {
            switch self {
            case .qrCode: "Scan the activation QR code"
            case .shortCode: "Type the activation shortcode"
            case .silent: "Silent enrollment"
            }
        }
        public var detail: String {
            switch self {
            case .qrCode: "The back office draws the QR code; the phone scans it (or paste a payload)."
            case .shortCode: "The back office shows 16 digits; type them in groups of four."
            case .silent: "The app already holds the code (and token): only a needed SDK PIN is asked."
            }
        }
    }

    /// Where the walk is.
    public enum Phase: Hashable, Sendable {
        case choose, creatingActivation, scanQR, typeShortCode, sdkPin, bindingToken, enrolling, enrolled, failed
        /// The payload typed instead of scanned, then checked with `futurae.qrCodeType` (F1).
        case typePayload
        /// The enroll answered SDKLockError 3 (F2.5: a protected call once a PIN exists): the SDK's
        /// unlock (F4) by its PIN or the simulated biometric prompt, then the same enroll again.
        case unlockPIN, biometricPrompt
    }

    public struct State: Hashable, Sendable {
        public var phase: Phase = .choose
        /// The method list's selection.
        public var selection = 0
        public var method: Method?
        /// What the service's back office created (its QR code, shortcode and binding token).
        public var activation: BackOfficeActivation?
        /// The service's pending activations, as the back office last listed them: one of the
        /// session's user is used before another is created (a scenario's own, `futurae-pin`'s).
        public var pending: [BackOfficeActivation] = []
        /// The QR payload the phone holds (scanned, pasted, or handed over silently).
        public var scanned: String?
        public var codeForm = Form([.shortCode])
        /// A QR payload typed on the phone instead of scanned.
        public var payloadForm = Form([.qrPayload])
        public var pinForm = Form([.sdkPin, .sdkPinConfirm])
        public var tokenForm = Form([.bindingToken])
        /// The SDK PIN that unlocks the SDK (not the new PIN chosen for it).
        public var unlockForm = Form([.sdkPin])
        /// Whether this SDK instance has an SDK PIN (nil until the accounts were read): the device's
        /// first enrollment under `sdkPinWithBiometricsOptional` sets it (F2.5, F2.9).
        public var pinSet: Bool?
        /// The prompts this walk showed, whose values the enroll call sends.
        public var askedPIN = false
        public var askedToken = false
        public var account: FuturaeAccount?
        public var failure: CallError?

        public init() {}

        /// The last enroll failed because the SDK is locked: an unlock is the way on.
        public var isLocked: Bool { phase == .failed && failure.flatMap(FuturaeError.init) == .locked }
        /// The user has an account on this device already (F2.8): the accounts screen shows it.
        public var isAlreadyEnrolled: Bool { phase == .failed && failure.flatMap(FuturaeError.init) == .accountActive }
        /// The device is archived (F4's last wrong PIN, F7): no call but F1, F3 and F6 will work
        /// again on this SDK instance; a new session (a fresh install) is the way on.
        public var isArchived: Bool {
            let error = failure.flatMap(FuturaeError.init)
            return phase == .failed && (error == .incorrectPinArchivedDevice || error == .deviceArchived)
        }

        /// The form on screen, when the phase has one.
        var formPhase: WritableKeyPath<State, Form>? {
            switch phase {
            case .typeShortCode: \.codeForm
            case .typePayload: \.payloadForm
            case .sdkPin: \.pinForm
            case .bindingToken: \.tokenForm
            case .unlockPIN: \.unlockForm
            default: nil
            }
        }
    }
}
