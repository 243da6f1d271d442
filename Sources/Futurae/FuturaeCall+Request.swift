import SimKernel

extension FuturaeCall {
    /// The request an app sends for this call: what `parse` reads back to the same call (F0).
    /// Absent values are left out of `params`.
    public var request: CallRequest {
        CallRequest(.call, api.name, params)
    }

    var params: [String: JSONValue] {
        switch self {
        case .qrCodeType(let payload): ["qrCode": .string(payload.text)]
        case .enroll(let p): p.params
        case .accounts, .lock, .authSessions: [:]
        case .unlock(.sdkPin(let pin)): ["method": "sdkPin", "sdkPin": .string(pin)]
        case .unlock(.biometrics(let outcome)): ["method": "biometrics", "outcome": .string(outcome.rawValue)]
        case .logoutAccount(let userId), .deleteAccount(let userId): ["userId": .string(userId)]
        case .approveAuth(let sessionId): ["sessionId": .string(sessionId)]
        case .rejectAuth(let sessionId, let isFraud): ["sessionId": .string(sessionId), "isFraud": .bool(isFraud)]
        }
    }
}
