import SimKernel


/// The SMS outbox (§2) and the code check of R7.
extension PIMSStep {
    /// R4–R6: sends a new code for `purpose` to `phone` on behalf of account `a`, within the policy's
    /// send limit per phone.
    mutating func sendSMS(account a: Int, purpose: SMSPurpose, to phone: PhoneNumber) throws(PIMSError) {
        let windowStart = clock + (-policy.smsSendWindowSeconds)
        // Counted in place: every send runs this, and the codes to a phone are few.
        var recent = 0
        var oldestRecent: SimTime?
        for owner in accounts.positions(tagged: .sentTo(phone)) {
            for m in accounts[owner].sms where m.phone == phone && m.sentAt > windowStart {
                recent += 1
                oldestRecent = oldestRecent.map { min($0, m.sentAt) } ?? m.sentAt
            }
        }
        if recent >= policy.smsSendsPerWindow {
            let retryAt = oldestRecent! + policy.smsSendWindowSeconds
            throw PIMSError(
                .serverError,
                detail: "SMS limit: \(policy.smsSendsPerWindow) codes per \(policy.smsSendWindowSeconds) s to \(phone.e164); retry after \(retryAt)")
        }
        var g = kernel.codes
        let code = g.digits(policy.smsCodeLength)
        kernel.codes = g
        let message = SMSMessage(phone: phone, purpose: purpose, code: code, sentAt: clock, expiresAt: clock + policy.smsCodeLifetimeSeconds)
        accounts[a].record(message, sendWindowStart: windowStart)
        if kernel.recordsEvents {
            let reached = sessionsReached(by: phone, onBehalfOf: a)
            kernel.emit(.smsDelivered, message.eventData, to: reached)
        }
    }

    /// The sessions whose phone lights up: those logged in to the account the code is for (the user
    /// is holding the phone being certified) and to any account whose trusted phone it is.
    func sessionsReached(by phone: PhoneNumber, onBehalfOf a: Int) -> [String] {
        let owners = Set(accounts.positions(tagged: .trustedPhone(phone)).map { accounts[$0].username }).union([accounts[a].username])
        return owners.flatMap { world.sessions.sessions(of: $0) }.sorted()
    }

    /// R7: checks `code` against the newest code sent for `purpose` (and, for certification, to
    /// `phone`). A wrong code uses one check. Returns the message's index; the caller consumes it
    /// (`consumeSMS`) once its whole call succeeds.
    mutating func checkSMS(account a: Int, purpose: SMSPurpose, phone: PhoneNumber?, code: SMSCode) throws(PIMSError) -> Int {
        guard let m = accounts[a].sms.lastIndex(where: { $0.purpose == purpose && (phone == nil || $0.phone == phone) }) else {
            throw PIMSError(.smsCodeInvalid, detail: "no \(purpose.rawValue) code was sent\(phone.map { " to \($0.e164)" } ?? "")")
        }
        let message = accounts[a].sms[m]
        if message.consumed {
            throw PIMSError(.smsCodeInvalid, detail: "this code was already used")
        }
        if message.checksUsed >= policy.smsChecksPerCode {
            throw PIMSError(.smsCodeInvalid, detail: "too many wrong attempts: \(PIMSError.burntCode), request a new one")
        }
        if clock >= message.expiresAt {
            throw PIMSError(.smsCodeExpired, detail: "the code expired at \(message.expiresAt)")
        }
        if message.code != code.digits {
            accounts[a].sms[m].checksUsed += 1
            let left = policy.smsChecksPerCode - accounts[a].sms[m].checksUsed
            throw PIMSError(.smsCodeInvalid, detail: left > 0 ? "wrong code: \(left) check\(left == 1 ? "" : "s") left" : "wrong code: \(PIMSError.burntCode) now")
        }
        return m
    }

    mutating func consumeSMS(account a: Int, _ m: Int) {
        accounts[a].sms[m].consumed = true
    }
}

extension Account {
    /// How many codes an account's outbox keeps besides those the rules still need (§2 says nothing
    /// of a history; an unbounded one made every send and inbox slower as a session went on).
    public static let smsHistoryLimit = 20

    /// Drops the oldest codes beyond `smsHistoryLimit`, keeping what the rules read: the newest code
    /// per phone and purpose (R7 checks it) and every code sent within the send window (R4–R6 count
    /// them).
    /// A code sent: kept, and the history pruned, in one change of the account (the world re-indexes
    /// an account once per change).
    mutating func record(_ message: SMSMessage, sendWindowStart: SimTime) {
        sms.append(message)
        pruneSMS(sendWindowStart: sendWindowStart)
    }

    mutating func pruneSMS(sendWindowStart: SimTime) {
        guard sms.count > Self.smsHistoryLimit else { return }
        var newestSeen = Set<String>()
        var keep = [Bool](repeating: false, count: sms.count)
        for (i, m) in sms.enumerated().reversed() {
            let newest = newestSeen.insert(m.phone.e164 + " " + m.purpose.rawValue).inserted
            keep[i] = newest || i >= sms.count - Self.smsHistoryLimit || m.sentAt > sendWindowStart
        }
        sms = sms.indices.filter { keep[$0] }.map { sms[$0] }
    }
}

extension PIMSWorld {
    /// Every message sent to `phone`, oldest first (the inbox control).
    public func inbox(_ phone: PhoneNumber) -> [SMSMessage] { inboxEntries(phone).map(\.message) }

    /// The inbox with, for each message, whether a newer send replaced it (R7: a code is checked
    /// against the newest one of its account and purpose, and for certification of its phone).
    public func inboxEntries(_ phone: PhoneNumber) -> [(message: SMSMessage, replaced: Bool)] {
        var entries: [(message: SMSMessage, replaced: Bool)] = []
        for a in accounts.positions(tagged: .sentTo(phone)) {
            let sms = accounts[a].sms
            for i in sms.indices where sms[i].phone == phone {
                let m = sms[i]
                let newer = sms[(i + 1)...].contains { $0.purpose == m.purpose && (m.purpose != .phoneNumberCertification || $0.phone == m.phone) }
                entries.append((m, newer))
            }
        }
        // Sorted by time, stably; codes are usually listed in the order sent already (the inbox is
        // read after every send), so the sort runs only where they are not.
        if zip(entries, entries.dropFirst()).contains(where: { $0.message.sentAt > $1.message.sentAt }) {
            entries = entries.enumerated()
                .sorted { ($0.element.message.sentAt, $0.offset) < ($1.element.message.sentAt, $1.offset) }.map(\.element)
        }
        return entries
    }
}
