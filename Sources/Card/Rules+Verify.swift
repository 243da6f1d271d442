import SimKernel

/// C5 `casa.verifyPIN`, C6 `casa.verifyPINUsingTouchID` (auto enrollment) and C8
/// `casa.authenticateUsingUserPin` (the standard flow), with the PIN check they share.
extension CardStep {
    mutating func verifyPIN(_ pin: UserPIN, transactionId: String, autoEnrollId: String) throws(CardFailure) -> [String: JSONValue] {
        let (t, h) = try autoEnrollChecks(transactionId, autoEnrollId)
        try checkPIN(pin, holder: h, transaction: t)
        return verified(t, holder: h)
    }

    mutating func verifyPINUsingTouchID(transactionId: String, autoEnrollId: String,
                                        outcome: CardCall.BiometricOutcome) throws(CardFailure) -> [String: JSONValue] {
        guard biometricEnabled else {
            let why = world.issuer?.biometricAllowed == true ? "biometrics are not enabled on this device" : "the issuer does not allow biometrics"
            throw .invalid(why)
        }
        let (t, h) = try autoEnrollChecks(transactionId, autoEnrollId)
        // The prompt is the phone's: no outcome counts as a PIN failure, none clears them (decision).
        switch outcome {
        case .success: return verified(t, holder: h)
        case .failure: throw CardFailure(.biometricFailed, "biometric prompt: failure")
        case .fallback: throw CardFailure(.biometricFallback, "biometric prompt: fallback to the PIN", fields: ["fallback": true])
        case .cancel: throw CardFailure(.biometricCancelled, "biometric prompt: cancel; the transaction is still pending")
        }
    }

    /// C8: on an auto-enroll transaction the app must take the auto enrollment path.
    mutating func authenticateUsingUserPin(transactionId: String, pin: UserPIN) throws(CardFailure) -> [String: JSONValue] {
        let t = try pendingTransaction(transactionId)
        let tx = world.transactions[t]
        if tx.autoEnrollId != nil {
            throw .invalid("transaction \(transactionId) sets up a new card: use casa.verifyPIN with its autoEnrollId")
        }
        let h = try unlockedHolder(of: tx)
        // The card made inactive after the purchase (decision: C5's inactive check, for the card itself).
        if world.card(tx.accountId)?.state == .inactive { throw CardFailure(.inactiveAccount, "card \(tx.accountId) is inactive") }
        try checkPIN(pin, holder: h, transaction: t)
        world.transactions[t].status = .approved
        return closed(t)
    }

    /// C5's checks up to the PIN, in order: the transaction (unknown, expired, closed), its
    /// autoEnrollId, the PIN lock, the linked accounts.
    mutating func autoEnrollChecks(_ transactionId: String, _ given: String) throws(CardFailure) -> (transaction: Int, holder: Int) {
        let t = try pendingTransaction(transactionId)
        let tx = world.transactions[t]
        guard let expected = tx.autoEnrollId, expected.value == given else {
            throw CardFailure(.invalidAutoEnrollID, tx.autoEnrollId == nil
                ? "transaction \(transactionId) sets up no card (its autoEnrollId is \"\")" : "not the autoEnrollId of transaction \(transactionId)")
        }
        let h = try unlockedHolder(of: tx)
        let linked = world.card(tx.accountId)?.linkedAccounts ?? []
        if linked.allSatisfy({ world.card($0)?.state == .inactive }) {
            throw CardFailure(.inactiveAccount, "every account linked to \(tx.accountId) is inactive (\(linked.joined(separator: ", ")))")
        }
        return (t, h)
    }

    /// The cardholder of the transaction's card, whose PIN is not locked.
    func unlockedHolder(of tx: Transaction) throws(CardFailure) -> Int {
        guard let userId = world.card(tx.accountId)?.userId, let h = world.cardholderIndex(userId) else {
            throw CardFailure(.noTransaction, "transaction \(tx.transactionId) has no cardholder")
        }
        if world.cardholders[h].pinLocked { throw CardFailure(.pinLocked, "the PIN of \(userId) is locked") }
        return h
    }

    /// A wrong PIN: one more failure; below the limit `attemptAgain` with the attempts left, at the
    /// limit the PIN is locked and the transaction declined. The right PIN clears the failures.
    mutating func checkPIN(_ given: UserPIN, holder h: Int, transaction t: Int) throws(CardFailure) {
        guard let pin = world.cardholders[h].pin else { throw CardFailure(.pinNotSet, "\(world.cardholders[h].userId) has no PIN yet") }
        guard given == pin else {
            world.cardholders[h].pinFailures += 1
            let left = CardPolicy.pinAttempts - world.cardholders[h].pinFailures
            guard left > 0 else {
                world.cardholders[h].pinLocked = true
                world.transactions[t].status = .declined
                throw CardFailure(.attemptsExhausted, "\(world.cardholders[h].pinFailures) wrong PINs: the PIN is locked, the transaction declined",
                                  fields: ["attemptAgain": false, "attemptsLeft": 0])
            }
            throw CardFailure(.invalidPIN, "wrong PIN: \(left) attempt\(left == 1 ? "" : "s") left",
                              fields: ["attemptAgain": true, "attemptsLeft": .int(left)])
        }
        world.cardholders[h].pinFailures = 0
    }

    /// The transaction is verified for this device (still pending), waiting for `autoEnrollAccount`.
    mutating func verified(_ t: Int, holder h: Int) -> [String: JSONValue] {
        world.transactions[t].verifiedOn = device.session
        return ["attemptAgain": false, "attemptsLeft": .int(CardPolicy.pinAttempts - world.cardholders[h].pinFailures),
                "transactionId": .string(world.transactions[t].transactionId)]
    }
}
