import SimKernel

/// The invariants of a `casa:` section (§4): what the types alone cannot say. Paths start inside the
/// section (the world puts `casa` in front).
enum CardInvariants {
    typealias Problem = ScenarioProblem

    static func firstProblem(in w: CardWorld, sessions: [String]) -> ScenarioProblem? {
        if let issuer = w.issuer, issuer.name.trimmed.isEmpty { return Problem(path: ["issuer", "name"], reason: "the issuer's name is empty") }
        if w.issuer == nil && w != CardWorld.empty { return Problem(path: [], reason: "cardholders, cards and devices need an issuer") }
        return cardholderProblem(w) ?? cardProblem(w) ?? codeProblem(w) ?? transactionProblem(w, sessions: sessions)
            ?? deviceProblem(w, sessions: sessions)
    }

    static func cardholderProblem(_ w: CardWorld) -> Problem? {
        var ids = Set<String>()
        // Indexed, not enumerated(): an enumerated KeyedList's iterator is generic metadata the runtime
        // builds at each start with a scan of every conformance record (Benchmarks/README.md, the TUI).
        for i in 0..<w.cardholders.count {
            let h = w.cardholders[i]
            let at = ["cardholders", String(i)]
            if h.userId.isEmpty { return Problem(path: at + ["userId"], reason: "an empty userId") }
            if !ids.insert(h.userId).inserted { return Problem(path: at + ["userId"], reason: "a second cardholder with userId \(h.userId)") }
            if h.pinFailures < 0 { return Problem(path: at + ["pinFailures"], reason: "pinFailures cannot be negative") }
            if h.pin == nil && (h.pinFailures > 0 || h.pinLocked) {
                return Problem(path: at + ["pinFailures"], reason: "PIN failures or a locked PIN without a PIN")
            }
            if !h.pinLocked && h.pinFailures >= CardPolicy.pinAttempts {
                return Problem(path: at + ["pinFailures"],
                               reason: "\(h.pinFailures) PIN failures reach the limit (\(CardPolicy.pinAttempts)): the PIN would be locked")
            }
        }
        return nil
    }

    static func cardProblem(_ w: CardWorld) -> Problem? {
        var ids = Set<String>()
        var autoEnrollIds = Set<AutoEnrollID>()
        for i in 0..<w.cards.count {
            let c = w.cards[i]
            let at = ["cards", String(i)]
            if c.accountId.isEmpty { return Problem(path: at + ["accountId"], reason: "an empty accountId") }
            if !ids.insert(c.accountId).inserted { return Problem(path: at + ["accountId"], reason: "a second card with accountId \(c.accountId)") }
            if w.cardholder(c.userId) == nil { return Problem(path: at + ["userId"], reason: "card of \(c.userId), who is not a cardholder") }
            for (k, linked) in c.linkedAccounts.enumerated() {
                let lp = at + ["linkedAccounts", String(k)]
                guard let other = w.card(linked) else { return Problem(path: lp, reason: "linked to \(linked), which is not a card") }
                if linked == c.accountId { return Problem(path: lp, reason: "a card cannot be linked to itself") }
                if other.userId != c.userId { return Problem(path: lp, reason: "linked to \(linked), a card of another cardholder") }
            }
            if let id = c.autoEnrollId {
                if c.linkedAccounts.isEmpty { return Problem(path: at + ["autoEnrollId"], reason: "an autoEnrollId on a card linked to no card") }
                if !autoEnrollIds.insert(id).inserted { return Problem(path: at + ["autoEnrollId"], reason: "autoEnrollId \(id) is an earlier card's") }
            } else if c.state == .uploaded && !c.linkedAccounts.isEmpty {
                return Problem(path: at + ["linkedAccounts"], reason: "an uploaded card linked to the user's cards needs its autoEnrollId")
            }
        }
        return nil
    }

    static func codeProblem(_ w: CardWorld) -> Problem? {
        var open = Set<ActivationCode>()
        for i in 0..<w.activationCodes.count {
            let a = w.activationCodes[i]
            let at = ["activationCodes", String(i)]
            if w.card(a.accountId) == nil { return Problem(path: at + ["accountId"], reason: "code for \(a.accountId), which is not a card") }
            if !a.used && !open.insert(a.code).inserted { return Problem(path: at + ["code"], reason: "code \(a.code) is an earlier unused code's") }
        }
        return nil
    }

    static func transactionProblem(_ w: CardWorld, sessions: [String]) -> Problem? {
        var ids = Set<String>()
        for i in 0..<w.transactions.count {
            let t = w.transactions[i]
            let at = ["transactions", String(i)]
            if t.transactionId.isEmpty { return Problem(path: at + ["transactionId"], reason: "an empty transactionId") }
            if !ids.insert(t.transactionId).inserted { return Problem(path: at + ["transactionId"], reason: "a second transaction \(t.transactionId)") }
            if w.card(t.accountId) == nil { return Problem(path: at + ["accountId"], reason: "made with \(t.accountId), which is not a card") }
            if t.merchantName.trimmed.isEmpty { return Problem(path: at + ["merchantName"], reason: "an empty merchant name") }
            if t.expiresAt < t.createdAt { return Problem(path: at + ["expiresAt"], reason: "it expires before it was made") }
            if let s = t.verifiedOn {
                if t.autoEnrollId == nil { return Problem(path: at + ["verifiedOn"], reason: "only an auto-enroll transaction is verified") }
                if !sessions.contains(s) { return Problem(path: at + ["verifiedOn"], reason: "no session named \(s)") }
            }
        }
        return nil
    }

    static func deviceProblem(_ w: CardWorld, sessions: [String]) -> Problem? {
        var seen = Set<String>()
        for i in 0..<w.devices.count {
            let d = w.devices[i]
            let at = ["devices", String(i)]
            if !sessions.contains(d.session) {
                return Problem(path: at + ["session"], reason: "no session named \(d.session) (sessions: \(sessions.joined(separator: ", ")))")
            }
            if !seen.insert(d.session).inserted { return Problem(path: at + ["session"], reason: "a second device for session \(d.session)") }
            var onPhone = Set<String>()
            for (k, accountId) in d.accounts.enumerated() {
                let ap = at + ["accounts", String(k)]
                guard let card = w.card(accountId) else { return Problem(path: ap, reason: "\(accountId) is not a card") }
                if !onPhone.insert(accountId).inserted { return Problem(path: ap, reason: "\(accountId) is set up twice on this device") }
                if card.state == .uploaded { return Problem(path: ap, reason: "\(accountId) is uploaded: a card on a phone is active or inactive") }
                if w.cardholder(card.userId)?.pin == nil { return Problem(path: ap, reason: "\(card.userId) has a card set up but no PIN") }
            }
            if let p = d.provisioning, w.card(p.accountId) == nil {
                return Problem(path: at + ["provisioning", "accountId"], reason: "\(p.accountId) is not a card")
            }
            for (k, push) in d.pushes.enumerated() where w.transaction(push.transactionId) == nil {
                return Problem(path: at + ["pushes", String(k), "transactionId"], reason: "no transaction \(push.transactionId)")
            }
        }
        return nil
    }
}
