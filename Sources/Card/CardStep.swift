import SimKernel

/// One call in progress: the system's world, what the kernel lends the rules (the clock, the calling
/// session's settings, the seeded codes), and the calling session's app, so that the rules read as
/// the contract does: `device.accounts`, `now`, `transaction.status`.
public struct CardStep: SystemStep {
    public var world: CardWorld
    public var kernel: KernelContext
    /// The calling session's app (a fresh install when it has no state yet).
    var device: CardDevice
    /// The status before the rule ran of each transaction it may decide (by position), when events
    /// are recorded: a status the rule changed is told to the phones it was pushed to. Recorded by
    /// `checkNotExpired`, which every rule passes a transaction through before it changes its status:
    /// the step's cost does not grow with the transactions kept.
    var statusesBefore: [Int: TransactionStatus] = [:]

    public init(world: CardWorld, kernel: KernelContext) {
        self.world = world
        self.kernel = kernel
        device = world.device(session: kernel.session) ?? CardDevice(session: kernel.session)
    }

    var now: SimTime { kernel.now }
    var settings: SessionSettings { kernel.settings ?? SessionSettings(device: "") }

    /// C3: biometrics when the issuer allows them and the device has them enabled.
    var biometricEnabled: Bool { world.issuer?.biometricAllowed == true && settings.biometricsEnabled }
    var authenticationTypes: [String] { biometricEnabled ? ["PIN", "BIOMETRIC"] : ["PIN"] }

    /// Writes the device back into the world; a fresh install is not stored until it has state.
    public mutating func finish() {
        if let i = world.devices.index(of: device.session) {
            world.devices[i] = device  // no comparison first: a phone's pushes grow with use
        } else if !device.isFresh {
            world.devices.append(device)
        }
        for (i, before) in statusesBefore.sorted(by: { $0.key < $1.key }) where world.transactions[i].status != before {
            world.toldStatus(of: world.transactions[i], at: now, kernel: &kernel)
        }
    }

    /// §1: the envelope mirrors the SDK's response object, `status` `SUCCESS` or `FAILURE`.
    public mutating func result(of call: CardCall) throws(CardFailure) -> JSONValue {
        .object(try run(call).merging(["status": "SUCCESS"]) { _, new in new })
    }

    /// Dispatch to the call's rule.
    mutating func run(_ call: CardCall) throws(CardFailure) -> [String: JSONValue] {
        switch call {
        case .getTransaction(let id): try getTransaction(id)
        case .getEnabledAuthenticationTypes: ["types": .array(authenticationTypes.map(JSONValue.string))]
        case .cancelTransaction(let id): try cancelTransaction(id)
        case .verifyPIN(let pin, let id, let autoEnrollId): try verifyPIN(pin, transactionId: id, autoEnrollId: autoEnrollId)
        case .verifyPINUsingTouchID(let id, let autoEnrollId, let outcome):
            try verifyPINUsingTouchID(transactionId: id, autoEnrollId: autoEnrollId, outcome: outcome)
        case .autoEnrollAccount(let name): try autoEnrollAccount(try CardCall.displayName(name))
        case .authenticateUsingUserPin(let id, let pin): try authenticateUsingUserPin(transactionId: id, pin: pin)
        case .getAllEnrolledAccounts: ["accounts": .array(device.accounts.compactMap { world.card($0)?.json })]
        case .deleteAccount(let accountId): try deleteAccount(accountId)
        case .verifyActivation(let code, let name): try verifyActivation(code, displayName: name)
        case .setPin(let pin): try setPin(try CardCall.pin(pin))
        }
    }

    /// `TransactionDetailsResponse` as this device sees it.
    func details(_ t: Transaction) -> [String: JSONValue] {
        typealias K = CardTransaction.Key
        var o = world.notice(t, at: now)
        o["createdAt"] = .string(t.createdAt.iso8601)
        o[K.secondsLeft] = .int(max(0, t.expiresAt - now))
        o[K.autoEnrollId] = .string(t.autoEnrollId?.value ?? "")
        o[K.authenticationTypes] = .array(authenticationTypes.map(JSONValue.string))
        o["transStatus"] = t.status(at: now).transStatus.map(JSONValue.string) ?? .null
        return o
    }
}

extension CardWorld {
    /// What a push shows of a transaction (merchant, amount, card, time), and its status as of `now`.
    public func notice(_ t: Transaction, at now: SimTime) -> [String: JSONValue] {
        typealias K = CardTransaction.Key
        return [
            K.transactionId: .string(t.transactionId),
            K.merchantName: .string(t.merchantName),
            "amount": .int(t.amount.minorUnits),
            "currency": .string(t.amount.currency.code),
            "currencyExponent": .int(t.amount.currency.exponent),
            K.displayAmount: .string(t.amount.shown),
            K.maskedCardNumber: card(t.accountId).map { .string($0.maskedCardNumber.shown) } ?? .null,
            K.expiresAt: .string(t.expiresAt.iso8601),
            K.transactionStatus: .string(t.status(at: now).rawValue),
        ]
    }

    /// A push notification as the phone lists it (§4 `casa.pushes`) and as its event carries it.
    public func json(_ push: PushNotification, at now: SimTime) -> JSONValue {
        guard let t = transaction(push.transactionId) else { return [CardTransaction.Key.transactionId: .string(push.transactionId)] }
        var o = notice(t, at: now)
        o[CardTransaction.Key.sentAt] = .string(push.sentAt.iso8601)
        return .object(o)
    }
}
