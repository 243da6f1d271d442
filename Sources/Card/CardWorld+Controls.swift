import SimKernel

extension CardWorld {
    /// Runs a control: a refusal changes nothing.
    mutating func run(_ control: CardControl, kernel: inout KernelContext) -> SimAnswer {
        switch control {
        case .purchase(let name, let merchant, let amount):
            return purchase(name, merchant: merchant, amount: amount, kernel: &kernel)
        case .pushes(let session):
            guard kernel.settings != nil else { return .failure("casa.pushes: no session named \"\(session)\"") }
            let pushes = device(session: session)?.pushes ?? []
            return .success(["pushes": .array(pushes.map { json($0, at: kernel.now) }), "now": .string(kernel.now.iso8601)])
        case .issuer:
            return .success(issuerView(at: kernel.now))
        case .otherPhone(let session, let id, let answer):
            return answeredOnOtherPhone(session: session, id: id, answer: answer, kernel: &kernel)
        case .withdraw(let session, let id):
            return withdraw(session: session, id: id, kernel: &kernel)
        case .activationCode(let name):
            let c: Int
            switch cardIndex(named: name) {
            case .failure(let why): return .failure("casa.activationCode: \(why)")
            case .success(let found): c = found
            }
            if cards[c].state == .inactive { return .failure("casa.activationCode: card \(cards[c].accountId) is inactive") }
            // Unique among the codes not yet used (a seeded draw may repeat; drawing again is as seeded).
            var code = ActivationCode.generate(&kernel.codes)
            while activationCodes.contains(where: { $0.code == code && !$0.used }) { code = ActivationCode.generate(&kernel.codes) }
            let issued = IssuedActivationCode(code: code, accountId: cards[c].accountId,
                                              expiresAt: min(kernel.now + CardPolicy.activationCodeLifetimeSeconds, SimTime.latest))
            activationCodes.append(issued)
            return .success(["activationCode": .string(code.value), "expiresAt": .string(issued.expiresAt.iso8601),
                             "accountId": .string(issued.accountId), "maskedCardNumber": .string(cards[c].maskedCardNumber.shown)])
        case .card(let name, let state):
            let c: Int
            switch cardIndex(named: name) {
            case .failure(let why): return .failure("casa.card: \(why)")
            case .success(let found): c = found
            }
            // The issuer disables a card in use and enables it again; an uploaded one has neither (decision).
            if cards[c].state == .uploaded {
                return .failure("casa.card: card \(cards[c].accountId) is uploaded, not yet set up: only an active card is made inactive")
            }
            cards[c].state = state
            return .success(["account": cards[c].json])
        }
    }

    /// The issuer's side, as the simulator shows it beside the phone: every card (whose, its state,
    /// whether a purchase with it auto-enrolls), and the activation codes sent and still pending.
    func issuerView(at now: SimTime) -> [String: JSONValue] {
        let pending = activationCodes.filter { !$0.used && !$0.isExpired(at: now) }
        return [
            "cards": .array(cards.map { c in
                ["accountId": .string(c.accountId), "userId": .string(c.userId), "maskedCardNumber": .string(c.maskedCardNumber.shown),
                 "state": .string(c.state.rawValue), "autoEnrolls": .bool(c.autoEnrolls)]
            }),
            "activationCodes": .array(pending.map { a in
                ["code": .string(a.code.value), "accountId": .string(a.accountId), "expiresAt": .string(a.expiresAt.iso8601),
                 "maskedCardNumber": .string(cards.first { $0.accountId == a.accountId }?.maskedCardNumber.shown ?? "")]
            }),
            "now": .string(now.iso8601),
        ]
    }

    /// A card by accountId, or by its last four digits when one card of the world has them.
    func cardIndex(named name: String) -> Result<Int, ControlError> {
        if let c = cardIndex(name) { return .success(c) }
        if let masked = MaskedCardNumber(name) {
            let matches = cards.indices.filter { cards[$0].maskedCardNumber == masked }
            if matches.count == 1 { return .success(matches[0]) }
            if matches.count > 1 {
                return .failure(ControlError("\(masked.shown) is \(matches.map { cards[$0].accountId }.joined(separator: " and ")): name it by accountId"))
            }
        }
        let known = cards.map { "\($0.accountId) (\($0.maskedCardNumber.shown))" }
        return .failure(ControlError("no card \"\(name)\"" + (known.isEmpty ? " (this world has no cards)" : " (\(known.joined(separator: ", ")))")))
    }
}
