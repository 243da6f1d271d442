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
}
