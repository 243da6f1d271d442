import Enrollment
import Futurae
import PIMS
import SimWorld
import Testing

/// Push authentication through the whole app on the in-process simulator (F8–F10): the back
/// office's push reaches the phone as an event whatever screen is open, F6's action opens it, a
/// locked SDK is unlocked first, and the back office then reads the phone's answer.
@Suite("Futurae login flows") struct FuturaeLoginFlowTests {
    static func enrolled() async throws -> App {
        var config = FuturaeFlowTests.config(.sdkPinWithBiometricsOptional, binding: false)
        config.scenarioSession = await (try InProcessBackend(scenario: "futurae-enrolled")).world.session.settings
        return try await App.start("futurae-enrolled", config)
    }

    /// The push's event arrives beside the calls: waits for it (a bounded number of polls).
    static func arrived(_ app: App) async throws -> String {
        for _ in 0..<2_000 where await app.state.futuraeLogin.unread == nil { try await Task.sleep(for: .milliseconds(10)) }
        return try #require(await app.state.futuraeLogin.unread, "the push never arrived")
    }

    static func backOfficeStatus(_ app: App) async -> [String] {
        let listed = await app.backend.control(.futuraeAuthentications())
        return (listed["authSessions"]?.arrayValue ?? []).compactMap { $0["status"]?.stringValue }
    }

    @Test("A login pushed while Home is shown: the banner asks, F6 opens it, the SDK PIN unlocks, approve → allow")
    func approveOnALockedSDK() async throws {
        let app = try await Self.enrolled()
        #expect(await app.backend.control(.futuraeAuth(user: "alice@example.com")).ok)
        let id = try await Self.arrived(app)
        #expect(await app.state.notice?.label.hasPrefix("Acme Bank: approve login as alice@example.com?") == true)
        #expect(await app.state.availableCommands.contains { $0.key == .function(6) && $0.action == .futuraeLogin(.openPush) })
        await app.send(.futuraeLogin(.openPush))
        var state = await app.state
        #expect(state.route == .futuraeLogin && state.futuraeLogin.open?.sessionId == id)
        await app.send(.futuraeLogin(.answer(.approve)))
        #expect(await app.state.futuraeLogin.phase == .unlock(.approve), "the lock is read first and the SDK is locked")
        #expect(await Self.backOfficeStatus(app) == ["waiting"], "nothing is answered before the unlock")
        await app.send(.futuraeLogin(.usePIN))
        await app.type("1234")
        await app.send(.submit)
        state = await app.state
        #expect(state.futuraeLogin.phase == .answered(.approve), "\(String(describing: state.notice))")
        guard case .unlocked = state.futuraeAccounts.lock else { Issue.record("Home's lock panel does not know the unlock"); return }
        #expect(await Self.backOfficeStatus(app) == ["allow"])
        #expect(state.log.entries.map(\.request.name).suffix(2) == ["futurae.unlock", "futurae.approveAuth"])
    }

    @Test("Reject, fraud and a request left to expire: deny, fraud, timeout as the back office reads them")
    func rejectFraudAndExpiry() async throws {
        let app = try await Self.enrolled()
        // Unlocked once (the unlock lasts 60 s of simulated time, more than these answers take).
        await app.send(.choose(.open(.futuraeAccounts)), .futuraeAccounts(.askPIN))
        await app.type("1234")
        await app.send(.submit)
        for answer in [FuturaeLogin.Answer.reject, .fraud] {
            _ = await app.backend.control(.futuraeAuth(user: "alice@example.com"))
            _ = try await Self.arrived(app)
            await app.send(.futuraeLogin(.openPush), .futuraeLogin(.answer(answer)))
            let state = await app.state
            #expect(state.futuraeLogin.phase == .answered(answer), "\(String(describing: state.notice))")
            await app.send(.submit)
        }
        _ = await app.backend.control(.futuraeAuth(user: "alice@example.com"))
        _ = try await Self.arrived(app)
        await app.send(.futuraeLogin(.openPush), .futuraeLogin(.wait))
        #expect(await app.state.futuraeLogin.phase == .request, "a minute left")
        await app.send(.futuraeLogin(.wait))
        #expect(await app.state.futuraeLogin.phase == .expired)
        #expect(await Self.backOfficeStatus(app) == ["deny", "fraud", "timeout"])
        #expect(await app.state.futuraeLogin.requests.isEmpty, "an expired request is no longer pending")
    }
}
