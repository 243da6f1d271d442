import Enrollment
import Futurae
import PIMS
import SimWorld
import Testing

/// The Futurae front walked on the in-process simulator (docs/futurae-rules.md §6): every combination
/// of lock type × session binding × code format, silent enrollment, the retry that keeps what was
/// typed, and the accounts screen's unlocks down to the archived device.
@Suite("Futurae flows") struct FuturaeFlowTests {
    static func config(_ lock: LockConfigurationType, binding: Bool) -> SessionConfig {
        var c = SessionConfig()
        c.system = .futurae
        c.lockType = lock
        c.sessionBinding = binding
        return c
    }

    /// The enroll call as the app logged it.
    static func enrollParams(_ app: App) async -> [String: JSONValue]? {
        await app.state.log.entries.last { $0.request.name == "futurae.enroll" }?.request.params
    }

    static func flowMap(_ app: App) async -> String {
        let s = await app.state
        return s.futurae.flowMap(s.session.config).map { "\($0.step.rawValue)\(App.mark($0.status))" }.joined(separator: " ")
    }

    /// One of the twelve walks: lock type (none, biometric, SDK PIN) × binding (off, on) × code (QR, shortcode).
    struct Combination: Sendable, CustomTestStringConvertible {
        let lock: LockConfigurationType
        let binding: Bool
        let method: FuturaeEnrollment.Method
        var testDescription: String { "\(lock.rawValue) · binding \(binding ? "on" : "off") · \(method.rawValue)" }

        static let all: [Combination] = [LockConfigurationType.none, .biometricsOnly, .sdkPinWithBiometricsOptional].flatMap { lock in
            [false, true].flatMap { binding in [FuturaeEnrollment.Method.qrCode, .shortCode].map { Combination(lock: lock, binding: binding, method: $0) } }
        }
    }

    @Test("Enroll: lock type × binding × code format", arguments: Combination.all)
    func enroll(_ c: Combination) async throws {
        try await walk(lock: c.lock, binding: c.binding, method: c.method)
    }

    func walk(lock: LockConfigurationType, binding: Bool, method: FuturaeEnrollment.Method) async throws {
        let app = try await App.start("futurae-fresh", Self.config(lock, binding: binding))
        await app.send(.choose(.open(.futurae)))
        #expect(await app.state.futurae.pinSet == false, "the fresh device's accounts were not read")
        if method == .shortCode { await app.send(.moveSelection(1)) }
        await app.send(.submit)
        let created = await app.state
        let activation = try #require(created.futurae.activation, "no activation: \(String(describing: created.notice))")
        #expect(activation.username == "alice@example.com")
        #expect((activation.bindingToken != nil) == binding)
        if method == .qrCode {
            #expect(await app.state.futurae.phase == .scanQR)
            await app.send(.futurae(.scan))
        } else {
            #expect(await app.state.futurae.phase == .typeShortCode)
            await app.type(try #require(activation.shortCode))
            #expect(await app.state.futurae.codeForm[.shortCode].count == 16)
            await app.send(.submit)
        }
        if lock.usesSDKPin {
            #expect(await app.state.futurae.phase == .sdkPin)
            await app.typePINTwice("246810")
            await app.send(.submit)
        }
        if binding {
            #expect(await app.state.futurae.phase == .bindingToken)
            await app.type(try #require(activation.bindingToken))  // read off the back office pane
            await app.send(.submit)
        }
        let state = await app.state
        #expect(state.futurae.phase == .enrolled, "\(lock) \(binding) \(method): \(String(describing: state.notice))")
        #expect(state.futurae.account?.username == "alice@example.com")
        #expect(state.futurae.account?.serviceName == "Acme Bank")
        let params = try #require(await Self.enrollParams(app))
        #expect(params["sdkPin"]?.stringValue == (lock.usesSDKPin ? "246810" : nil))
        #expect(params["bindingToken"]?.stringValue == activation.bindingToken)
        #expect(params[method == .qrCode ? "activationCode" : "shortCode"] != nil)
        let skipPIN = lock.usesSDKPin ? "✓" : "-", skipToken = binding ? "✓" : "-"
        #expect(await Self.flowMap(app) == "method✓ activation✓ code✓ sdkPin\(skipPIN) bindingToken\(skipToken) enroll✓ account✓")
        // The scenario's own SDK instance ("default") when the settings are the scenario's, else the device's.
        let accounts = await app.backend.send(FuturaeRequests.accounts, session: await app.state.session.config.sessionName)
        #expect(accounts.result?["accounts"]?.arrayValue?.count == 1)
    }

    @Test("Silent enrollment: only the SDK PIN is asked; the held token goes along unseen")
    func silent() async throws {
        let app = try await App.start("futurae-fresh", Self.config(.sdkPinWithBiometricsOptional, binding: true))
        await app.send(.choose(.open(.futurae)), .moveSelection(2), .submit)
        #expect(await app.state.futurae.phase == .sdkPin)
        await app.typePINTwice("1357")
        await app.send(.submit)
        let state = await app.state
        #expect(state.futurae.phase == .enrolled)
        #expect(state.futurae.askedToken == false)
        let params = try #require(await Self.enrollParams(app))
        #expect(params["activationCode"]?.stringValue == state.futurae.activation?.qrCode)
        #expect(params["bindingToken"]?.stringValue == state.futurae.activation?.bindingToken)
        #expect(await Self.flowMap(app) == "method✓ activation✓ code- sdkPin✓ bindingToken- enroll✓ account✓")
    }

    @Test("A wrong binding token fails with SDKApiError 15; retry goes back to the token, as typed")
    func wrongTokenThenRetry() async throws {
        let app = try await App.start("futurae-fresh", Self.config(.none, binding: true))
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.scan))
        await app.type("ZZZZ2222")
        await app.send(.submit)
        var state = await app.state
        #expect(state.futurae.phase == .failed)
        #expect(state.futurae.failure?.domain == "SDKApiError" && state.futurae.failure?.code == 15)
        #expect(state.notice?.code == "SDKApiError 15 bindingTokenCheckFailed")
        #expect(await Self.flowMap(app) == "method✓ activation✓ code✓ sdkPin- bindingToken✓ enroll✗ account·")
        await app.send(.submit)
        state = await app.state
        #expect(state.futurae.phase == .bindingToken)
        #expect(state.futurae.tokenForm[.bindingToken] == "ZZZZ2222")
        for _ in 0..<8 { await app.send(.backspace) }
        await app.type(try #require(state.futurae.activation?.bindingToken))
        await app.send(.submit)
        #expect(await app.state.futurae.phase == .enrolled)
    }

    @Test("A pasted QR payload is taken as scanned; a payload of another kind answers SDKError 11")
    func pastedPayload() async throws {
        let app = try await App.start("futurae-fresh", Self.config(.none, binding: false))
        await app.send(.choose(.open(.futurae)), .submit, .pasted("futurae://auth?session=1\n"))
        #expect(await app.state.futurae.scanned == "futurae://auth?session=1")
        #expect(await app.state.futurae.failure?.name == "invalidQRCodeEnroll")
        await app.send(.submit)  // retry: back to the QR
        #expect(await app.state.futurae.phase == .scanQR)
        let qr = try #require(await app.state.futurae.activation?.qrCode)
        await app.send(.pasted(qr))
        #expect(await app.state.futurae.phase == .enrolled)
    }

    @Test("Accounts on futurae-enrolled: biometrics cancel then success, lock, right PIN, then wrong PINs archive the device")
    func accountsUnlockAndArchive() async throws {
        var config = Self.config(.sdkPinWithBiometricsOptional, binding: false)
        // The scenario's own SDK instance, with alice and PIN 1234 (the TUI learns it from the scenario).
        config.scenarioSession = await (try InProcessBackend(scenario: "futurae-enrolled")).world.session.settings
        let app = try await App.start("futurae-enrolled", config)
        await app.send(.choose(.open(.futuraeAccounts)))
        #expect(await app.state.futuraeAccounts.accounts.map(\.username) == ["alice@example.com"])
        await app.send(.futuraeAccounts(.askBiometrics), .futuraeAccounts(.biometric(.cancel)))
        #expect(await app.state.notice?.code == "SDKLockError 3 locked")
        await app.send(.futuraeAccounts(.askBiometrics), .futuraeAccounts(.biometric(.success)))
        guard case .unlocked = await app.state.futuraeAccounts.lock else { Issue.record("not unlocked"); return }
        await app.send(.futuraeAccounts(.lock))
        #expect(await app.state.futuraeAccounts.lock == .locked)
        await app.send(.futuraeAccounts(.askPIN))
        await app.type("1234")
        await app.send(.submit)
        guard case .unlocked = await app.state.futuraeAccounts.lock else { Issue.record("not unlocked by PIN"); return }
        for left in (0..<5).reversed() {
            await app.send(.futuraeAccounts(.askPIN))
            await app.type("9999")
            await app.send(.submit)
            #expect(await app.state.futuraeAccounts.pinAttemptsLeft == left)
        }
        let s = await app.state
        #expect(s.notice?.code == "SDKApiError 2 incorrectPinArchivedDevice")
        #expect(s.futuraeAccounts.archived)
        #expect(s.futuraeAccounts.accounts.allSatisfy(\.lockedOut) && !s.futuraeAccounts.accounts.isEmpty)
    }

    static func enrolledScenario(username: String = "alice@example.com") async throws -> App {
        var config = Self.config(.sdkPinWithBiometricsOptional, binding: false)
        config.username = username
        config.scenarioSession = await (try InProcessBackend(scenario: "futurae-enrolled")).world.session.settings
        return try await App.start("futurae-enrolled", config)
    }

    @Test("futurae-enrolled: bob's enrollment meets the locked SDK (SDKLockError 3); unlocked, the retry enrolls him without a new PIN")
    func extraAccountNeedsAnUnlock() async throws {
        let app = try await Self.enrolledScenario(username: "bob@example.com")
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.scan))
        #expect(await app.state.futurae.askedPIN == false, "the SDK has its PIN: no PIN prompt")
        #expect(await app.state.futurae.failure?.name == "locked")
        await app.send(.choose(.open(.futuraeAccounts)), .futuraeAccounts(.askPIN))
        await app.type("1234")
        // Unlocked elsewhere: `e` sends the same enrollment again (Enter would ask for the unlock).
        await app.send(.submit, .choose(.open(.futurae)), .futurae(.enrollAgain))
        let state = await app.state
        #expect(state.futurae.phase == .enrolled)
        #expect(state.futurae.account?.username == "bob@example.com")
    }

    @Test("futurae-enrolled: after SDKLockError 3, Enter asks for the SDK PIN; a wrong one is typed again at the prompt; the right one unlocks and enrolls (F2.5, F4)")
    func aLockedEnrollmentUnlocksInPlace() async throws {
        let app = try await Self.enrolledScenario(username: "bob@example.com")
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.scan))
        #expect(await app.state.futurae.isLocked)
        await app.send(.submit)
        #expect(await app.state.futurae.phase == .unlockPIN)
        await app.type("0000")
        await app.send(.submit)
        var state = await app.state
        #expect(state.futurae.phase == .unlockPIN, "a wrong PIN keeps the prompt")
        #expect(state.futurae.unlockForm.error == "Wrong SDK PIN: 4 attempts left before the device is archived.")
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.futurae.phase == .enrolled)
        #expect(state.futurae.account?.username == "bob@example.com")
    }

    @Test("Logout and delete ask first, then leave the device's list (F6)")
    func logoutAndDelete() async throws {
        let app = try await Self.enrolledScenario()
        await app.send(.choose(.open(.futuraeAccounts)), .futuraeAccounts(.logout))
        #expect(await app.state.confirmation?.title == "Log out alice@example.com?")
        await app.send(.cancel)
        #expect(await app.state.confirmation == nil)
        #expect(await app.state.futuraeAccounts.accounts.count == 1)
        await app.send(.futuraeAccounts(.delete), .submit)
        #expect(await app.state.futuraeAccounts.accounts.isEmpty)
        #expect(await app.state.log.entries.contains { $0.request.name == "futurae.deleteAccount" })
    }
}
