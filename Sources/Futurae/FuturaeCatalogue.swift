/// The calls of the Futurae SDK the simulator answers (§3), with their parameters: what the input
/// checks (F0) hold a request to, and what help texts list.
public struct FuturaeAPI: Sendable, Hashable {
    public let name: String
    public let rule: String
    public let parameters: [String]
    public let summary: String

    public static let qrCodeType = FuturaeAPI(name: "futurae.qrCodeType", rule: "F1", parameters: ["qrCode"],
                                              summary: "the type of a scanned QR code")
    public static let enroll = FuturaeAPI(name: "futurae.enroll", rule: "F2",
                                          parameters: ["activationCode", "shortCode", "sdkPin", "bindingToken"],
                                          summary: "enroll this device with an activation QR payload or a shortcode")
    public static let accounts = FuturaeAPI(name: "futurae.accounts", rule: "F3", parameters: [],
                                            summary: "the accounts enrolled on this device")
    public static let unlock = FuturaeAPI(name: "futurae.unlock", rule: "F4", parameters: ["method", "sdkPin", "outcome"],
                                          summary: "unlock the SDK with the SDK PIN or a biometric prompt")
    public static let lock = FuturaeAPI(name: "futurae.lock", rule: "F5", parameters: [], summary: "lock the SDK")
    public static let logoutAccount = FuturaeAPI(name: "futurae.logoutAccount", rule: "F6", parameters: ["userId"],
                                                 summary: "log an account out: it leaves the device and the server")
    public static let deleteAccount = FuturaeAPI(name: "futurae.deleteAccount", rule: "F6", parameters: ["userId"],
                                                 summary: "delete an account from this device only")

    public static let authSessions = FuturaeAPI(name: "futurae.authSessions", rule: "F8", parameters: [],
                                                summary: "the logins pushed to this device that wait for an answer")
    public static let approveAuth = FuturaeAPI(name: "futurae.approveAuth", rule: "F9", parameters: ["sessionId"],
                                               summary: "approve a pushed login")
    public static let rejectAuth = FuturaeAPI(name: "futurae.rejectAuth", rule: "F9", parameters: ["sessionId", "isFraud"],
                                              summary: "reject a pushed login, or report it as fraud")

    public static let all: [FuturaeAPI] = [qrCodeType, enroll, accounts, unlock, lock, logoutAccount, deleteAccount,
                                           authSessions, approveAuth, rejectAuth]

    public static func named(_ name: String) -> FuturaeAPI? { all.first { $0.name == name } }
}
