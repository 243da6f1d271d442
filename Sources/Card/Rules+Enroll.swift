import SimKernel

/// C7 `casa.autoEnrollAccount`: the verified transaction's card is set up on this phone.
extension CardStep {
    mutating func autoEnrollAccount(_ name: DisplayName) throws(CardFailure) -> [String: JSONValue] {
        // The newest auto-enroll transaction verified on this device and still pending.
        // Those verified on it are found by tag, not by a scan of every transaction.
        guard let t = world.transactions.positions(tagged: device.session).last(where: {
            let tx = world.transactions[$0]
            return tx.autoEnrollId != nil && tx.status == .pending
        }) else {
            throw CardFailure(.notVerified, "no transaction verified on this device is waiting for a new card")
        }
        // Verified, then left past its expiry: expired (decision: C2's check).
        try checkNotExpired(t)
        let accountId = world.transactions[t].accountId
        guard let c = world.cardIndex(accountId) else { throw CardFailure(.noTransaction, "card \(accountId) is gone") }
        setUp(c, named: name)
        world.transactions[t].status = .approved
        return closed(t).merging(["account": world.cards[c].json]) { _, new in new }
    }

    /// The card becomes `active` and is listed on this device (C7, C11, C12).
    mutating func setUp(_ c: Int, named name: DisplayName) {
        world.cards[c].state = .active
        world.cards[c].displayName = name
        if !device.accounts.contains(world.cards[c].accountId) { device.accounts.append(world.cards[c].accountId) }
    }
}
