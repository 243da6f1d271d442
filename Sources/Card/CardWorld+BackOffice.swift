import SimKernel

/// The back office's hands on a purchase waiting for a phone (§4): the cardholder's other phone
/// answers it, or the bank withdraws it. Each closes or removes it on the server while this phone
/// may still show it, so the phone's own answer meets C4–C8's transaction checks (closed, unknown).
extension CardWorld {
    /// Another phone of the cardholder answers: `approve` is YES and the right PIN there (C8, or C5 and
    /// C7 for a new card, which becomes `active`); `reject` is NO (C4). The phones the purchase was
    /// pushed to are told its new status, as for an answer on them.
    mutating func answeredOnOtherPhone(session: String, id: String?, answer: CardControl.OtherPhoneAnswer,
                                       kernel: inout KernelContext) -> SimAnswer {
        func refuse(_ why: String) -> SimAnswer { .failure("casa.otherPhone: \(why)") }
        let t: Int
        switch waitingTransaction(session: session, id: id, at: kernel.now, settings: kernel.settings) {
        case .failure(let why): return refuse(why.description)
        case .success(let found): t = found
        }
        let tx = transactions[t]
        switch answer {
        case .reject:
            transactions[t].status = .rejected
        case .approve:
            // The other phone meets the same checks as this one: the PIN, the cards (C5, C8).
            guard let holder = card(tx.accountId).flatMap({ cardholder($0.userId) }) else { return refuse("transaction \(tx.transactionId) has no cardholder") }
            if holder.pin == nil || holder.pinLocked {
                return refuse("the PIN of \(holder.userId) is \(holder.pin == nil ? "not set" : "locked"): no phone can approve; reject it instead")
            }
            let usable = tx.autoEnrollId == nil ? [tx.accountId] : card(tx.accountId)?.linkedAccounts ?? []
            if usable.allSatisfy({ card($0)?.state == .inactive }) {
                return refuse("card \(tx.accountId) cannot approve: \(tx.autoEnrollId == nil ? "it is" : "every card linked to it is") inactive")
            }
            if tx.autoEnrollId != nil, let c = cardIndex(tx.accountId) { cards[c].state = .active }
            transactions[t].status = .approved
        }
        toldStatus(of: transactions[t], at: kernel.now, kernel: &kernel)
        return .success(["transaction": .object(notice(transactions[t], at: kernel.now)), "answeredBy": .string("another phone of \(holder(of: tx))")])
    }

    /// The bank withdraws the purchase: the transaction is gone from the server and its pushes from
    /// every phone, so an answer sent for it is `ERROR_NO_TRANSACTION` (C4–C8).
    mutating func withdraw(session: String, id: String?, kernel: inout KernelContext) -> SimAnswer {
        let t: Int
        switch waitingTransaction(session: session, id: id, at: kernel.now, settings: kernel.settings) {
        case .failure(let why): return .failure("casa.withdraw: \(why)")
        case .success(let found): t = found
        }
        let tx = transactions[t]
        let phones = devices.filter { $0.received(tx.transactionId) }.map(\.session)
        for d in devices.indices where devices[d].received(tx.transactionId) {
            devices[d].pushes.removeAll { $0.transactionId == tx.transactionId }
        }
        transactions.removeAll { $0.transactionId == tx.transactionId }
        return .success(["withdrawn": .object(notice(tx, at: kernel.now)), "removedFrom": .array(phones.map(JSONValue.string))])
    }

    /// The transaction named, or the newest pending one pushed to the session's phone; either still
    /// pending (neither answered nor expired).
    func waitingTransaction(session: String, id: String?, at now: SimTime, settings: SessionSettings?) -> Result<Int, ControlError> {
        if let id {
            guard let t = transactionIndex(id) else { return .failure(ControlError("no transaction \(id)")) }
            let status = transactions[t].status(at: now)
            guard status == .pending else { return .failure(ControlError("transaction \(id) is \(status.rawValue): no longer waiting")) }
            return .success(t)
        }
        guard settings != nil else { return .failure(ControlError("no session named \"\(session)\"")) }
        let pushes = device(session: session)?.pushes ?? []
        let waiting = pushes.reversed().lazy.compactMap { self.transactionIndex($0.transactionId) }.first { self.transactions[$0].status(at: now) == .pending }
        guard let waiting else { return .failure(ControlError("no purchase waiting on the phone of session \"\(session)\"")) }
        return .success(waiting)
    }

    private func holder(of tx: Transaction) -> String { card(tx.accountId)?.userId ?? "the cardholder" }
}
