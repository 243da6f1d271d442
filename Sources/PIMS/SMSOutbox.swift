import SimKernel


/// The SMS outbox (§2) and the code check of R7.
extension PIMSStep {
    /// R4–R6: sends a new code for `purpose` to `phone` on behalf of account `a`, within the policy's
    /// send limit per phone.
    mutating func sendSMS(account a: Int, purpose: SMSPurpose, to phone: PhoneNumber) throws(PIMSError) {
        let windowStart = clock + (-policy.smsSendWindowSeconds)
        let recent = accounts.flatMap(\.sms).filter { $0.phone == phone && $0.sentAt > windowStart }
        if recent.count >= policy.smsSendsPerWindow {
            let retryAt = recent.map(\.sentAt).min()! + policy.smsSendWindowSeconds
            throw PIMSError(
                .serverError,
                detail: "SMS limit: \(policy.smsSendsPerWindow) codes per \(policy.smsSendWindowSeconds) s to \(phone.e164); retry after \(retryAt)")
        }
        var g = kernel.codes
        let code = g.digits(policy.smsCodeLength)
        kernel.codes = g
        let message = SMSMessage(phone: phone, purpose: purpose, code: code, sentAt: clock, expiresAt: clock + policy.smsCodeLifetimeSeconds)
        accounts[a].sms.append(message)
        if kernel.recordsEvents {
            let reached = sessionsReached(by: phone, onBehalfOf: a)
            kernel.emit(.smsDelivered, message.eventData, to: reached)
        }
    }

    /// The sessions whose phone lights up: those logged in to the account the code is for (the user
    /// is holding the phone being certified) and to any account whose trusted phone it is.
    func sessionsReached(by phone: PhoneNumber, onBehalfOf a: Int) -> [String] {
        let owners = Set(accounts.filter { $0.phone == phone }.map(\.username)).union([accounts[a].username])
        return world.sessions.filter { $0.value.user.map(owners.contains) ?? false }.map(\.key).sorted()
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
            throw PIMSError(.smsCodeInvalid, detail: "too many wrong attempts: the code is burnt, request a new one")
        }
        if clock >= message.expiresAt {
            throw PIMSError(.smsCodeExpired, detail: "the code expired at \(message.expiresAt)")
        }
        if message.code != code.digits {
            accounts[a].sms[m].checksUsed += 1
            let left = policy.smsChecksPerCode - accounts[a].sms[m].checksUsed
            throw PIMSError(.smsCodeInvalid, detail: left > 0 ? "wrong code: \(left) check\(left == 1 ? "" : "s") left" : "wrong code: the code is now burnt")
        }
        return m
    }

    mutating func consumeSMS(account a: Int, _ m: Int) {
        accounts[a].sms[m].consumed = true
    }
}

extension PIMSWorld {
    /// Every message sent to `phone`, oldest first (the inbox control).
    public func inbox(_ phone: PhoneNumber) -> [SMSMessage] {
        accounts.flatMap(\.sms).filter { $0.phone == phone }.enumerated()
            .sorted { ($0.element.sentAt, $0.offset) < ($1.element.sentAt, $1.offset) }.map(\.element)
    }
}
