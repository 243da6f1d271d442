import PIMS
import Testing

@Suite("R0 Basic authentication")
struct R00BasicAuthenticationTests {
    @Test(arguments: BackendKind.available)
    func r0aLoginSucceedsAndWrongPasswordIs2102(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            let ok = expectSuccess(await d.login())
            #expect(ok["username"] == "alice@example.com")
            let wrong = await d.login(Driver.alice, "nope")
            expectError(wrong, 2102)
            #expect(wrong.error?.label == "Invalid password parameter")
            expectError(await d.login("nobody@example.com", "x"), 2102)
        }
    }

    @Test(arguments: BackendKind.available)
    func r0aFiveWrongPasswordsLockTheUsernameFor15Minutes(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            for _ in 1...5 { expectError(await d.login(Driver.alice, "wrong"), 2102) }
            expectError(await d.login(), 2383)  // even with the right password
            try await d.advance(14 * 60 + 59)
            expectError(await d.login(), 2383)
            try await d.advance(1)
            expectSuccess(await d.login())
            // The counter was cleared: four more wrong ones do not lock.
            for _ in 1...4 { expectError(await d.login(Driver.alice, "wrong"), 2102) }
            expectSuccess(await d.login())
        }
    }

    @Test(arguments: BackendKind.available)
    func r0aASuccessInBetweenClearsTheCounter(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            for _ in 1...4 { expectError(await d.login(Driver.alice, "wrong"), 2102) }
            expectSuccess(await d.login())
            for _ in 1...4 { expectError(await d.login(Driver.alice, "wrong"), 2102) }
            expectSuccess(await d.login())
        }
    }

    @Test(arguments: BackendKind.available)
    func r0bLogoutThenR0cEveryOtherAPINeedsBasicAuthentication(kind: BackendKind) async throws {
        try await withBackend(kind, "enrolled") { d in
            expectSuccess(await d.otpWithPin("1234"))
            expectSuccess(await d.logout())
            expectError(await d.isDeviceActivated(), 2301)
            expectError(await d.isAccountBlocked(), 2301)
            expectError(await d.trustedPhone(), 2301)
            expectError(await d.requestEnrollmentSMS(), 2301)
            expectError(await d.otpWithPin("1234"), 2301)
            expectError(await d.steps(), 2301)
            expectError(await d.selectVehicle(), 2301)
            expectError(await d.carKeyStatus(), 2301)
            expectError(await d.removeProperty(), 2301)
            // Logging in again does not bring back the strong-authentication window (R0b closed it).
            expectSuccess(await d.login())
            expectError(await d.removeProperty(), 2302)
        }
    }

    @Test(arguments: BackendKind.available)
    func r0cANewSessionStartsLoggedOut(kind: BackendKind) async throws {
        try await withBackend(kind, "fresh") { d in
            try await d.newSession("second", device: "alice-ipad", login: nil)
            expectError(await d.trustedPhone(session: "second"), 2301)
            expectSuccess(await d.login(session: "second"))
            expectSuccess(await d.trustedPhone(session: "second"))
        }
    }
}
