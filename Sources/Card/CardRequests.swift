import SimKernel

/// The CA Strong Authentication calls an app makes (docs/card-rules.md §3), in the kernel's envelope
/// `{"type": "call", "name": "casa.…", "params": {…}}`. Values the user types stay text: C0 refuses a
/// malformed PIN or display name.
public enum CardRequests {
    /// C2: the app opened from the push.
    public static func transaction(_ id: String) -> CallRequest { call(.getTransaction, ["transactionId": id]) }
    /// C2 with no id: the newest purchase waiting for this phone (the app opened without a push).
    public static let pendingTransaction = call(.getTransaction, [:])
    /// C3: which of PIN and biometrics the user may choose.
    public static let enabledTypes = call(.getEnabledAuthenticationTypes, [:])
    /// C4: the user taps NO.
    public static func cancel(_ id: String) -> CallRequest { call(.cancelTransaction, ["transactionId": id]) }
    /// C5: auto enrollment with the PIN.
    public static func verifyPIN(_ pin: String, _ t: CardTransaction) -> CallRequest {
        call(.verifyPIN, ["pin": pin, "transactionId": t.transactionId, "autoEnrollId": t.autoEnrollId])
    }
    /// C6: the simulated biometric prompt's outcome.
    public static func verifyBiometric(_ outcome: CardCall.BiometricOutcome, _ t: CardTransaction) -> CallRequest {
        call(.verifyPINUsingTouchID, ["transactionId": t.transactionId, "autoEnrollId": t.autoEnrollId, "outcome": outcome.rawValue])
    }
    /// C7: the new card's display name.
    public static func autoEnroll(displayName: String) -> CallRequest { call(.autoEnrollAccount, ["displayName": displayName]) }
    /// C8: the standard flow.
    public static func authenticate(_ pin: String, _ t: CardTransaction) -> CallRequest {
        call(.authenticateUsingUserPin, ["transactionId": t.transactionId, "pin": pin])
    }
    /// C9, C10.
    public static let accounts = call(.getAllEnrolledAccounts, [:])
    public static func delete(_ accountId: String) -> CallRequest { call(.deleteAccount, ["accountId": accountId]) }
    /// C11, C12: the standard activation of a first card.
    public static func activate(code: String, displayName: String) -> CallRequest {
        call(.verifyActivation, ["activationCode": code, "displayName": displayName])
    }
    public static func setPin(_ pin: String) -> CallRequest { call(.setPin, ["pin": pin]) }

    private static func call(_ api: CardAPI, _ params: [String: String]) -> CallRequest {
        CallRequest(.call, api.name, params.mapValues(JSONValue.string))
    }
}
