/// The calls of the CA Strong Authentication SDK the simulator answers (§3), with their parameters:
/// what the input checks (C0) hold a request to, and what help texts list.
public struct CardAPI: Sendable, Hashable {
    public let name: String
    public let rule: String
    public let parameters: [String]
    public let summary: String

    public static let getTransaction = CardAPI(name: "casa.getTransaction", rule: "C2", parameters: ["transactionId"],
                                               summary: "the transaction a push announced (the newest pending one without an id)")
    public static let getEnabledAuthenticationTypes = CardAPI(name: "casa.getEnabledAuthenticationTypes", rule: "C3", parameters: [],
                                                              summary: "PIN, and BIOMETRIC when the issuer and the device allow it")
    public static let cancelTransaction = CardAPI(name: "casa.cancelTransaction", rule: "C4", parameters: ["transactionId"],
                                                  summary: "the user taps NO: the transaction is rejected")
    public static let verifyPIN = CardAPI(name: "casa.verifyPIN", rule: "C5", parameters: ["pin", "transactionId", "autoEnrollId"],
                                          summary: "auto enrollment: verify the user PIN for the transaction")
    public static let verifyPINUsingTouchID = CardAPI(name: "casa.verifyPINUsingTouchID", rule: "C6",
                                                      parameters: ["transactionId", "autoEnrollId", "outcome"],
                                                      summary: "auto enrollment: the simulated biometric prompt and how it ended")
    public static let autoEnrollAccount = CardAPI(name: "casa.autoEnrollAccount", rule: "C7", parameters: ["displayName"],
                                                  summary: "set up the verified transaction's card on this phone; the transaction is approved")
    public static let authenticateUsingUserPin = CardAPI(name: "casa.authenticateUsingUserPin", rule: "C8", parameters: ["transactionId", "pin"],
                                                         summary: "the standard flow: approve the transaction with the user PIN")
    public static let getAllEnrolledAccounts = CardAPI(name: "casa.getAllEnrolledAccounts", rule: "C9", parameters: [],
                                                       summary: "Display Accounts: the cards on this phone with their state")
    public static let deleteAccount = CardAPI(name: "casa.deleteAccount", rule: "C10", parameters: ["accountId"],
                                              summary: "remove a card from this phone (the server keeps it)")
    public static let verifyActivation = CardAPI(name: "casa.verifyActivation", rule: "C11", parameters: ["activationCode", "displayName"],
                                                 summary: "the standard activation of a card by its activation code")
    public static let setPin = CardAPI(name: "casa.setPin", rule: "C12", parameters: ["pin"],
                                       summary: "set the user PIN: the activated card is set up")

    public static let all: [CardAPI] = [
        getTransaction, getEnabledAuthenticationTypes, cancelTransaction, verifyPIN, verifyPINUsingTouchID, autoEnrollAccount,
        authenticateUsingUserPin, getAllEnrolledAccounts, deleteAccount, verifyActivation, setPin,
    ]

    public static func named(_ name: String) -> CardAPI? { all.first { $0.name == name } }
}
