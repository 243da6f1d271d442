import Enrollment
import Futurae
import PIMS
import SimWorld
import Testing

/// What a QA user needs to reach Futurae's error branches by keys (issue 41): a payload typed
/// instead of scanned and checked with futurae.qrCodeType (F1), send as typed on Futurae's forms,
/// the back office's unenroll (FA11) leaving the phone's list stale, and re-reads that say what
/// they found.
@Suite("Futurae by keys") struct FuturaeByKeysTests {
    static func fresh() async throws -> App {
        try await App.start("futurae-fresh", FuturaeFlowTests.config(.none, binding: false))
    }

    static func calls(_ app: App) async -> [String] { await app.state.log.entries.map(\.request.name) }

    @Test("A typed payload is checked with futurae.qrCodeType: a login's stays on the prompt, unsent; x sends it to enroll (SDKError 11)")
    func typedPayloadOfAnotherKind() async throws {
        let app = try await Self.fresh()
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.typePayload))
        #expect(await app.state.futurae.phase == .typePayload)
        #expect(await app.state.editingField?.id == .qrPayload, "the prompt is edited at once")
        await app.type("futurae://auth?session_id=1")
        await app.send(.submit)
        var state = await app.state
        #expect(Array(await Self.calls(app).suffix(1)) == ["futurae.qrCodeType"])
        #expect(state.futurae.phase == .typePayload)
        #expect(state.futurae.payloadForm.error?.contains("futurae.qrCodeType says onlineAuth") == true)
        #expect(await FuturaeFlowTests.enrollParams(app) == nil, "nothing enrolled")
        // x is offered on the payload field (^X while it is edited), and sends it as typed.
        #expect(state.availableCommands.contains { $0.key == .ctrl("x") && $0.action == .choose(.toggleSendAsTyped) })
        await app.send(.choose(.toggleSendAsTyped), .submit)
        // Send as typed asks for an SDK PIN whatever the lock type; an empty one is sent as it is.
        #expect(await app.state.futurae.phase == .sdkPin)
        await app.send(.submit)
        state = await app.state
        #expect(await FuturaeFlowTests.enrollParams(app)?["activationCode"] == "futurae://auth?session_id=1")
        #expect(await FuturaeFlowTests.enrollParams(app)?["sdkPin"] == "")
        #expect(state.futurae.failure?.name == "invalidQRCodeEnroll", "\(String(describing: state.notice))")
    }

    @Test("A typed activation payload goes on to the enrollment once futurae.qrCodeType says enrollment")
    func typedActivationPayload() async throws {
        let app = try await Self.fresh()
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.typePayload))
        let qr = try #require(await app.state.futurae.activation?.qrCode)
        await app.type(qr)
        await app.send(.submit)
        #expect(await app.state.futurae.phase == .enrolled)
        #expect(Array(await Self.calls(app).suffix(2)) == ["futurae.qrCodeType", "futurae.enroll"])
        #expect(await FuturaeFlowTests.enrollParams(app)?["activationCode"] == .string(qr))
    }

    @Test("Esc on the typed payload goes back to the QR code, nothing sent")
    func escapeFromTheTypedPayload() async throws {
        let app = try await Self.fresh()
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.typePayload), .cancel, .cancel)
        #expect(await app.state.futurae.phase == .scanQR)
        #expect(!(await Self.calls(app)).contains("futurae.qrCodeType"))
    }

    @Test("Send as typed under lock type none asks for an SDK PIN and sends it: SDKApiError 3 pinNotNeeded; Enter sends none")
    func sendAsTypedAsksForTheSDKPIN() async throws {
        let app = try await Self.fresh()
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.typePayload), .choose(.toggleSendAsTyped), .cancel, .cancel, .futurae(.scan))
        #expect(await app.state.futurae.phase == .sdkPin)
        await app.typePINTwice("1234")
        await app.send(.submit)
        #expect(await app.state.futurae.failure?.name == "pinNotNeeded")
        await app.send(.submit)  // retry: the same enrollment without a PIN
        #expect(await app.state.futurae.phase == .enrolled)
        #expect(await FuturaeFlowTests.enrollParams(app)?["sdkPin"] == nil)
    }

    @Test("Enrolled twice (SDKError 12 accountActive): Enter shows the accounts instead of sending the same enrollment again")
    func accountActiveShowsTheAccounts() async throws {
        let app = try await Self.fresh()
        await app.send(.choose(.open(.futurae)), .submit, .futurae(.scan), .futurae(.startOver), .submit, .futurae(.scan))
        #expect(await app.state.futurae.failure?.name == "accountActive")
        let enrolls = await Self.calls(app).filter { $0 == "futurae.enroll" }.count
        #expect(await app.state.availableCommands.contains { $0.key == .enter && $0.title == "accounts" })
        await app.send(.submit)
        #expect(await app.state.route == .futuraeAccounts)
        #expect(await Self.calls(app).filter { $0 == "futurae.enroll" }.count == enrolls, "nothing sent again")
    }

    @Test("The back office unenrolls the device (FA11): the phone's stale list logs out nobody (SDKError 31); g reads it again and says so")
    func backOfficeUnenroll() async throws {
        let app = try await FuturaeLoginFlowTests.enrolled()
        await app.send(.choose(.open(.futuraeAccounts)))
        #expect(await app.state.futuraeAccounts.accounts.count == 1)
        await app.send(.futuraeAccounts(.refresh))
        #expect(await app.state.notice?.label == "Up to date: nothing changed (1 account on this device).")
        await app.send(.choose(.open(.simulator)), .simulator(.unenroll))
        #expect(await app.state.simulator.message == "alice@example.com unenrolled (FA11): the phone is not told.")
        await app.send(.cancel)
        #expect(await app.state.route == .futuraeAccounts)
        #expect(await app.state.futuraeAccounts.accounts.count == 1, "the phone is not told")
        await app.send(.futuraeAccounts(.logout), .submit)
        #expect(await app.state.notice?.code == "SDKError 31 invalidParameter")
        await app.send(.futuraeAccounts(.refresh))
        let state = await app.state
        #expect(state.futuraeAccounts.accounts.isEmpty)
        #expect(state.notice?.label == "Read again: 0 accounts on this device.")
    }

    @Test("Login requests: g says nothing changed; w is offered only with a request waiting, and says where the clock is")
    func loginRereadAndWait() async throws {
        let app = try await FuturaeLoginFlowTests.enrolled()
        await app.send(.choose(.open(.futuraeLogin)), .futuraeLogin(.reload))
        #expect(await app.state.notice?.label == "Up to date: nothing changed (no login request waiting).")
        #expect(!(await app.state.availableCommands).contains { $0.action == .futuraeLogin(.wait) }, "nothing waits for the clock")
        #expect(await app.backend.control(.futuraeAuth(user: "alice@example.com")).ok)
        _ = try await FuturaeLoginFlowTests.arrived(app)
        #expect(await app.state.availableCommands.contains { $0.action == .futuraeLogin(.wait) })
        await app.send(.futuraeLogin(.wait))
        let said = await app.state.notice
        #expect(said?.label == "60 s passed: the simulated clock reads 2026-01-05T09:01:00Z.", "\(String(describing: said))")
    }
}
