import SimKernel

/// C1: a purchase with a card creates a pending transaction and a push notification to every phone
/// of the cardholder, as an event to their sessions. Nothing is created when the card cannot be
/// authenticated.
extension CardWorld {
    mutating func purchase(_ name: String, merchant: String, amount: Amount, kernel: inout KernelContext) -> SimAnswer {
        func refuse(_ why: String) -> SimAnswer { .failure("casa.purchase: \(why)") }
        let c: Int
        switch cardIndex(named: name) {
        case .failure(let why): return refuse(why.description)
        case .success(let found): c = found
        }
        let card = cards[c]
        let phones = devices(of: card.userId)
        let setUpOnAPhone = card.state == .active && devices.contains { $0.accounts.contains(card.accountId) }
        guard setUpOnAPhone || card.autoEnrolls else {
            return refuse("card \(card.accountId) (\(card.maskedCardNumber.shown)) cannot be authenticated: it is \(card.state.rawValue)"
                + (card.state == .uploaded ? " and linked to no card" : card.state == .active ? " but set up on no phone" : ""))
        }
        guard !phones.isEmpty else { return refuse("\(card.userId) has no phone with a card set up on it") }

        var id = Transaction.newID(&kernel.codes)
        while transactionIndex(id) != nil { id = Transaction.newID(&kernel.codes) }
        let transaction = Transaction(transactionId: id, accountId: card.accountId, merchantName: merchant, amount: amount, createdAt: kernel.now,
                                      expiresAt: min(kernel.now + CardPolicy.transactionLifetimeSeconds, SimTime.latest),
                                      autoEnrollId: card.autoEnrolls ? card.autoEnrollId : nil)
        transactions.append(transaction)
        let push = PushNotification(transactionId: id, sentAt: kernel.now)
        let sessions = phones.map(\.session)
        for i in devices.indices where sessions.contains(devices[i].session) { devices[i].pushes.append(push) }
        let now = kernel.now
        kernel.emit(.push, json(push, at: now), to: sessions)

        var answer = notice(transaction, at: kernel.now)
        answer["autoEnrollId"] = .string(transaction.autoEnrollId?.value ?? "")
        answer["createdAt"] = .string(transaction.createdAt.iso8601)
        return .success(["transaction": .object(answer), "pushedTo": .array(sessions.map(JSONValue.string))])
    }
}

extension SimEvent.Kind {
    /// A transaction's status changed (approved, declined, cancelled): the phones it was pushed to
    /// show it at once. data: the push's fields with the new `transactionStatus`.
    public static let transaction = SimEvent.Kind(rawValue: "transaction")
}

extension CardWorld {
    /// Tells the phones a transaction was pushed to that its status changed.
    func toldStatus(of t: Transaction, at now: SimTime, kernel: inout KernelContext) {
        let sessions = devices.filter { $0.received(t.transactionId) }.map(\.session)
        kernel.emit(.transaction, .object(notice(t, at: now)), to: sessions)
    }
}
