import SimKernel

/// Futurae's contract as coverage counts it (docs/futurae-rules.md): each rule's branches, by the
/// error's case name (codes repeat across domains), "ok", or a rule's own mark.
extension FuturaeSystem {
    public static let ruleCatalogue = RuleCatalogue(
        system: id,
        rules: [
            .init("F0", "input checks", branches: ["invalidParameter"]),
            .init("F1", "QR code type", branches: ["ok"]),
            .init("F2", "enroll", branches: ["ok", "invalidParameter", "multipleEnrollDisallowed", "deviceArchived", "invalidQRCode",
                                             "invalidQRCodeEnroll", "invalidEncodingActivationCode", "invalidActivationCode",
                                             "sdkPinEnrollRequired", "sdkPinEmpty", "multiplePinEnrollDisallowed", "locked",
                                             "pinNotNeeded", "activationCodeNotFound", "bindingTokenCheckFailed", "accountActive"]),
            .init("F3", "accounts", branches: ["ok"]),
            .init("F4", "unlock", branches: ["ok", "invalidParameter", "incorrectPin", "incorrectPinArchivedDevice", "locked"]),
            .init("F5", "lock", branches: ["ok"]),
            .init("F6", "log out or delete an account", branches: ["ok", "invalidParameter"]),
            .init("F7", "archived device", branches: ["deviceArchived"]),
            .init("F8", "pushed logins", branches: ["ok"]),
            .init("F9", "approve or reject a login", branches: ["ok", "invalidParameter", "locked", "activationCodeNotFound"]),
        ],
        errorCodes: FuturaeError.allCases.map(\.name).sorted())
}
