import Enrollment
import Foundation
import PIMS
import Screens
import SimWorld
import SnapshotTesting
import Testing
import TerminalUI

/// The card app's screens at 80×24 and 120×40, driven by keys as a user would: the shop, the push
/// shown elsewhere, the transaction, the choice, the biometric prompt, the PIN with attempts left,
/// the display name, approved, expired, Display Accounts and the activation prompts.
@Suite("Card screens", .serialized)
struct CardScreenTests {
    static func start(_ scenario: String = "card-replacement", login: Bool = true) async throws -> ScreenHarness {
        var config = SessionConfig()
        config.system = .card
        return try await ScreenHarness.start(scenario, config, login: login)
    }

    static func both(_ h: ScreenHarness, filePath: StaticString = #filePath, testName: String = #function) async {
        await assertBothSizes(h, filePath: filePath, testName: testName)
    }

    /// Home ▸ Shop & issuer, Enter pays with the default card (8888), and the push arrives.
    static func pay(_ h: ScreenHarness) async throws {
        try await h.press(.down, .enter, .enter)
        for _ in 0..<1000 where await h.state.cardPhone.unread == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await h.state.cardPhone.unread != nil, "the push never arrived")
    }

    /// Paid, then the push opened with F6.
    static func opened(_ scenario: String = "card-replacement") async throws -> ScreenHarness {
        let h = try await start(scenario)
        try await pay(h)
        try await h.press(.function(6))
        #expect(await h.state.cardPhone.phase == .details)
        return h
    }

    @Test func cardSession() async throws {
        await Self.both(try await Self.start(login: false))
    }

    @Test func cardHome() async throws {
        await Self.both(try await Self.start())
    }

    @Test func cardShopPaidWithPush() async throws {
        let h = try await Self.start()
        try await Self.pay(h)
        await Self.both(h)
    }

    @Test func cardTransactionDetails() async throws {
        await Self.both(try await Self.opened())
    }

    @Test func cardChoosePINOrBiometric() async throws {
        let h = try await Self.opened()
        try await h.press(.char("y"))
        await Self.both(h)
    }

    @Test func cardBiometricPromptFailed() async throws {
        let h = try await Self.opened()
        try await h.press(.char("y"), .char("b"), .char("f"))
        await Self.both(h)
    }

    @Test func cardPINAttemptsLeft() async throws {
        let h = try await Self.opened()
        try await h.press(.char("y"), .char("e"))
        try await h.type("9999")
        try await h.press(.enter)
        try await h.type("12")
        await Self.both(h)
    }

    @Test func cardDisplayName() async throws {
        let h = try await Self.opened()
        try await h.press(.char("y"), .char("b"), .char("s"))
        try await h.type("Travel card")
        await Self.both(h)
    }

    @Test func cardApproved() async throws {
        let h = try await Self.opened()
        try await h.press(.char("y"), .char("b"), .char("k"))
        try await h.type("1234")
        try await h.press(.enter)
        try await h.type("Travel card")
        try await h.press(.enter)
        await Self.both(h)
    }

    @Test func cardExpired() async throws {
        let h = try await Self.opened()
        for _ in 0..<5 { try await h.press(.char("w")) }
        await Self.both(h)
    }

    @Test func cardDisplayAccounts() async throws {
        let h = try await Self.start()
        try await h.press(.down, .down, .enter)
        await Self.both(h)
    }

    /// Display Accounts on `card-activation`, the scenario's code and a name typed.
    static func activationTyped() async throws -> ScreenHarness {
        let h = try await start("card-activation")
        try await h.press(.down, .down, .enter, .char("a"))
        try await h.type("40718263")
        try await h.press(.tab)
        try await h.type("Everyday")
        return h
    }

    @Test func cardActivationPrompt() async throws {
        await Self.both(try await Self.activationTyped())
    }

    @Test func cardSetPINPrompt() async throws {
        let h = try await Self.activationTyped()
        try await h.press(.enter)
        #expect(await h.state.cardAccounts.phase == .setPin)
        try await h.type("2468")
        await Self.both(h)
    }

    @Test("A 2-digit card PIN says so once (the field), not three times; the confirmation waits its turn")
    func oneMessageForAShortPIN() async throws {
        let h = try await Self.activationTyped()
        try await h.press(.enter)
        try await h.type("12")
        try await h.press(.enter)
        let screen = await h.frame().textSnapshot
        #expect(screen.components(separatedBy: "4 to 8 digits").count - 1 == 1, "\(screen)")
        #expect(screen.contains("✗ the PIN has 4 to 8 digits"))
    }
}

/// One message per problem on the guided enrollment's phone prompt, wrapped whole at 80×24.
@Suite("One message per problem")
struct OneMessageTests {
    @Test("An invalid phone, then an empty one: each said once, under the field, never cut mid-word",
          arguments: ["0612", ""])
    func phone(_ typed: String) async throws {
        let h = try await ScreenHarness.start("fresh")
        try await h.press(.enter, .char("s"))
        try await h.type(typed)
        try await h.press(.enter)
        let message = typed.isEmpty ? "enter a phone number" : "10 digits starting with 0, or + and 8 to 15 digits"
        let screen = await h.frame().textSnapshot
        // The prompt's column, right of the flow map.
        let words = Self.words(screen, columns: 31..<80)
        #expect(words.contains("✗ " + message), "the message whole:\n\(screen)")
        #expect(screen.components(separatedBy: typed.isEmpty ? "enter a phone" : "starting with 0").count - 1 == 1, "said once:\n\(screen)")
        #expect(await h.state.guided.form.error == "Phone number: " + message, "the form still refuses, once")
    }

    @Test("Two SDK PINs that differ: the whole sentence, wrapped, at 80×24")
    func sdkPINMismatch() async throws {
        var config = SessionConfig()
        let settings = await (try InProcessBackend(scenario: "futurae-pin")).world.session.settings
        config.scenarioSession = settings
        FuturaeFront.adopt(settings, into: &config)
        let h = try await ScreenHarness.start("futurae-pin", config)
        try await h.press(.enter, .enter, .char("s"))
        try await h.type("2468")
        try await h.press(.tab)
        try await h.type("1357")
        try await h.press(.enter)
        let screen = await h.frame().textSnapshot
        // The phone's panel, left of the back office.
        let words = OneMessageTests.words(screen, columns: 0..<42)
        #expect(words.contains("✗ SDK PIN again differs from sdk pin: type the same PIN twice"), "\(screen)")
    }

    /// The words of a band of columns, row after row: a wrapped sentence reads whole.
    static func words(_ screen: String, columns: Range<Int>) -> String {
        screen.split(separator: "\n").map { row in
            String(Array(row).dropFirst(columns.lowerBound).prefix(columns.count))
        }.joined(separator: " ").split(whereSeparator: { $0.isWhitespace || $0 == "│" }).joined(separator: " ")
    }
}
