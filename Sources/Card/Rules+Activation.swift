import SimKernel

/// C11 `casa.verifyActivation` and C12 `casa.setPin`: the standard activation of a card, and the
/// first PIN.
extension CardStep {
    mutating func verifyActivation(_ written: String, displayName: DisplayName) throws(CardFailure) -> [String: JSONValue] {
        guard let a = world.activationCodes.firstIndex(where: { $0.code.value == written }) else {
            throw CardFailure(.invalidActivationCode, "no such activation code")
        }
        if world.activationCodes[a].used { throw CardFailure(.invalidActivationCode, "already used") }
        if world.activationCodes[a].isExpired(at: now) { throw CardFailure(.invalidActivationCode, "expired") }
        let accountId = world.activationCodes[a].accountId
        guard let c = world.cardIndex(accountId) else { throw CardFailure(.invalidActivationCode, "its card \(accountId) is gone") }
        // Made inactive after the code was issued (decision).
        if world.cards[c].state == .inactive { throw CardFailure(.inactiveAccount, "card \(accountId) is inactive") }
        world.activationCodes[a].used = true
        let pinSet = world.cardholder(world.cards[c].userId)?.pin != nil
        if pinSet {
            setUp(c, named: displayName)
        } else {
            // Waits for the PIN; a second activation before it replaces the first (decision).
            device.provisioning = Provisioning(accountId: accountId, displayName: displayName)
        }
        return ["pinRequired": .bool(!pinSet), "account": world.cards[c].json]
    }

    /// In order (after the PIN's form, `CardStep.run`): a PIN already set, nothing provisioned.
    mutating func setPin(_ pin: UserPIN) throws(CardFailure) -> [String: JSONValue] {
        // Whose PIN: the provisioned card's user, else the users of the cards on this device.
        let users = [device.provisioning.flatMap { world.card($0.accountId)?.userId }].compactMap { $0 }
            + device.accounts.compactMap { world.card($0)?.userId }
        if let user = users.first(where: { world.cardholder($0)?.pin != nil }) {
            throw CardFailure(.pinAlreadySet, "\(user) already has a PIN")
        }
        guard let provisioning = device.provisioning, let c = world.cardIndex(provisioning.accountId),
              let h = world.cardholderIndex(world.cards[c].userId)
        else { throw CardFailure(.pinNotSet, "no card activated on this device is waiting for a PIN") }
        world.cardholders[h].pin = pin
        world.cardholders[h].pinFailures = 0
        world.cardholders[h].pinLocked = false
        setUp(c, named: provisioning.displayName)
        device.provisioning = nil
        return ["account": world.cards[c].json]
    }
}
