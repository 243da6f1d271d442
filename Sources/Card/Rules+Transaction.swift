import SimKernel

/// C2 `casa.getTransaction`, C4 `casa.cancelTransaction`, and the transaction checks C4, C5, C6 and
/// C8 share, in the contract's order: unknown, expired, no longer pending.
extension CardStep {
    mutating func getTransaction(_ id: String?) throws(CardFailure) -> [String: JSONValue] {
        let t: Int
        if let id {
            t = try transactionIndex(id)
        } else {
            // The newest pending one this device was told of.
            let world = self.world
            let newest = device.pushes.reversed().lazy.compactMap { world.transactionIndex($0.transactionId) }
                .first { world.transactions[$0].status == .pending }
            guard let newest else { throw CardFailure(.noTransaction, "no pending transaction on this device") }
            t = newest
        }
        try checkNotExpired(t)
        return details(world.transactions[t])
    }

    /// C4: the user taps NO. No account changes.
    mutating func cancelTransaction(_ id: String) throws(CardFailure) -> [String: JSONValue] {
        let t = try pendingTransaction(id)
        world.transactions[t].status = .rejected
        return closed(t)
    }

    /// A transaction this device received a push for; any other id is unknown here (decision: the
    /// app knows only its own pushes).
    func transactionIndex(_ id: String) throws(CardFailure) -> Int {
        guard device.received(id), let t = world.transactionIndex(id) else {
            throw CardFailure(.noTransaction, "no transaction \(id) on this device")
        }
        return t
    }

    /// C2: past `expiresAt` a pending transaction becomes `expired` (the change stays though the call fails).
    /// Every rule that decides a transaction checks it here first: the step notes its status before.
    mutating func checkNotExpired(_ t: Int) throws(CardFailure) {
        if kernel.recordsEvents && statusesBefore[t] == nil { statusesBefore[t] = world.transactions[t].status }
        if world.transactions[t].status(at: now) == .expired {
            world.transactions[t].status = .expired
            throw CardFailure(.transactionExpired, "transaction \(world.transactions[t].transactionId) expired at \(world.transactions[t].expiresAt)")
        }
    }

    /// Known, not expired, still pending.
    mutating func pendingTransaction(_ id: String) throws(CardFailure) -> Int {
        let t = try transactionIndex(id)
        try checkNotExpired(t)
        let status = world.transactions[t].status
        guard status == .pending else { throw CardFailure(.transactionClosed, "transaction \(id) is \(status.rawValue)") }
        return t
    }

    /// What a call that decides a transaction answers.
    func closed(_ t: Int) -> [String: JSONValue] {
        let tx = world.transactions[t]
        return ["transactionId": .string(tx.transactionId), "transactionStatus": .string(tx.status.rawValue),
                "transStatus": tx.status.transStatus.map(JSONValue.string) ?? .null]
    }
}
