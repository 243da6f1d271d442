import Futurae
import PIMS

/// The Futurae calls the front makes (FUTURAE-BEHAVIOUR §3), in the kernel's envelope
/// `{"type": "call", "name": "futurae.…", "params": {…}}`. Absent values are left out of `params`.
public enum FuturaeRequests {
    /// F2: exactly one of the two codes; the SDK PIN and the binding token when the app asked for them.
    public static func enroll(activationCode: String? = nil, shortCode: String? = nil, sdkPin: String? = nil,
                              bindingToken: String? = nil) -> CallRequest {
        call(.enroll, ["activationCode": activationCode, "shortCode": shortCode, "sdkPin": sdkPin, "bindingToken": bindingToken])
    }
    /// F3.
    public static let accounts = call(.accounts, [:])
    /// F4 with the SDK PIN.
    public static func unlock(sdkPin: String) -> CallRequest { call(.unlock, ["method": "sdkPin", "sdkPin": sdkPin]) }
    /// F4 with the simulated biometric prompt's outcome.
    public static func unlock(biometrics outcome: BiometricOutcome) -> CallRequest {
        call(.unlock, ["method": "biometrics", "outcome": outcome.rawValue])
    }
    /// F5.
    public static let lock = call(.lock, [:])
    /// F6.
    public static func logout(userId: String) -> CallRequest { call(.logoutAccount, ["userId": userId]) }
    public static func delete(userId: String) -> CallRequest { call(.deleteAccount, ["userId": userId]) }

    /// F8: the logins pushed to this device, still waiting.
    public static let authSessions = call(.authSessions, [:])
    /// F9: `approve` sends `futurae.approveAuth`; `reject` and `fraud` send `futurae.rejectAuth`.
    public static func answerAuth(sessionId: String, _ answer: FuturaeLogin.Answer) -> CallRequest {
        guard answer != .approve else { return call(.approveAuth, ["sessionId": sessionId]) }
        return CallRequest(.call, FuturaeAPI.rejectAuth.name, ["sessionId": .string(sessionId), "isFraud": .bool(answer == .fraud)])
    }

    private static func call(_ api: FuturaeAPI, _ params: [String: String?]) -> CallRequest {
        CallRequest(.call, api.name, params.compactMapValues { $0.map(JSONValue.string) })
    }
}

/// The simulated fingerprint or face prompt's three endings (F4).
public enum BiometricOutcome: String, Hashable, Sendable, CaseIterable {
    case success, failure, cancel
}

/// An `FTRAccount` as the front shows it.
public struct FuturaeAccount: Hashable, Sendable {
    public var userId: String
    public var username: String
    public var serviceName: String
    public var enrolledAt: String
    public var lockedOut: Bool

    public init?(_ json: JSONValue) {
        guard let userId = json["userId"]?.stringValue else { return nil }
        self.userId = userId
        username = json["username"]?.stringValue ?? userId
        serviceName = json["serviceName"]?.stringValue ?? "–"
        enrolledAt = json["enrolledAt"]?.stringValue ?? "–"
        lockedOut = json["lockedOut"]?.boolValue ?? false
    }

    static func list(_ result: JSONValue?) -> [FuturaeAccount] {
        (result?["accounts"]?.arrayValue ?? []).compactMap(FuturaeAccount.init)
    }
}

/// An activation as the service's back office shows it (`futurae.activation`'s and
/// `futurae.activations`' answers).
public struct BackOfficeActivation: Hashable, Sendable {
    public var username: String
    public var qrCode: String
    /// Digits only; the screens draw the groups.
    public var shortCode: String?
    public var bindingToken: String?
    public var expiresAt: String
    /// `pending`, `success` or `expired`, as of the answer's simulated time.
    public var status: String

    /// The activation a `futurae.activation` answer created.
    public init?(_ json: JSONValue?) {
        guard let a = json?["activation"] else { return nil }
        self.init(activation: a)
    }

    public init?(activation a: JSONValue) {
        guard let qr = a["qrCode"]?.stringValue else { return nil }
        username = a["username"]?.stringValue ?? a["userId"]?.stringValue ?? "–"
        qrCode = qr
        shortCode = a["shortCode"]?.stringValue?.filter(\.isASCIIDigit)
        bindingToken = a["bindingToken"]?.stringValue
        expiresAt = a["expiresAt"]?.stringValue ?? "–"
        status = a["status"]?.stringValue ?? "pending"
    }

    /// A `futurae.activations` answer's list, in the back office's order.
    public static func list(_ answer: SimAnswer) -> [BackOfficeActivation] {
        (answer["activations"]?.arrayValue ?? []).compactMap { BackOfficeActivation(activation: $0) }
    }

    public var isPending: Bool { status == "pending" }
}

extension Notice {
    /// A Futurae failure as the front shows it: domain, code and case name, the label, and what to do.
    public static func futurae(_ error: CallError) -> Notice {
        let known = FuturaeError(error)
        let code = [error.domain, error.code.description, error.name].compactMap { $0 }.joined(separator: " ")
        return Notice(kind: .error, code: code, label: error.label, detail: error.detail,
                      advice: known?.whatToDo ?? "See the API log for the full answer.")
    }
}
