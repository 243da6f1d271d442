import Futurae
import PIMS
import Testing

@Suite("Futurae F3 accounts, F4 unlock, F5 lock")
struct F3toF5AccountsAndLockTests {
    typealias F = FuturaeDriver

    @Test(arguments: BackendKind.available)
    func f3AccountsInEnrollmentOrder(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            #expect(expectFuturaeSuccess(await d.futurae.accounts()) == ["accounts": []])
            let bob = try await d.futurae.activation(F.bob)
            let alice = try await d.futurae.activation(F.alice)
            expectFuturaeSuccess(await d.futurae.enroll(qr: bob["qrCode"]?.stringValue))
            try await d.advance(5)
            expectFuturaeSuccess(await d.futurae.enroll(qr: alice["qrCode"]?.stringValue))
            let accounts = expectFuturaeSuccess(await d.futurae.accounts())["accounts"]?.arrayValue ?? []
            #expect(accounts.map { $0["username"] } == ["bob@example.com", "alice@example.com"])
            #expect(accounts.map { $0["enrolledAt"] } == ["2026-01-05T09:00:00Z", "2026-01-05T09:00:05Z"])
        }
    }

    @Test(arguments: BackendKind.available)
    func f4AWrongPINCountsWithAttemptsLeftThenArchives(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            for left in stride(from: 4, through: 1, by: -1) {
                let r = await d.futurae.unlock(pin: "9999")
                expectFuturaeError(r, .incorrectPin)
                #expect(r.result == ["pinAttemptsLeft": .int(left)], "\(JSONText.encode(r.json))")
            }
            expectFuturaeError(await d.futurae.unlock(pin: "9999"), .incorrectPinArchivedDevice)
            // Archived: every account locked out (F3 still answers), the right PIN no longer helps (F7).
            let accounts = expectFuturaeSuccess(await d.futurae.accounts())["accounts"]?.arrayValue ?? []
            #expect(accounts.map { $0["lockedOut"] } == [true])
            expectFuturaeError(await d.futurae.unlock(pin: "1234"), .deviceArchived)
        }
    }

    @Test(arguments: BackendKind.available)
    func f4TheRightPINClearsTheFailuresAndUnlocksForTheDuration(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            try await d.futurae.session("s", lockType: "sdkPinWithBiometricsOptional", unlockDuration: 300)
            // A fresh install: no PIN yet, so unlocking by PIN is not possible.
            expectFuturaeError(await d.futurae.unlock(pin: "1234", session: "s"), .invalidParameter, mentioning: "no SDK PIN is set")
            let a = try await d.futurae.activation(F.bob)
            expectFuturaeSuccess(await d.futurae.enroll(qr: a["qrCode"]?.stringValue, sdkPin: "1357", session: "s"))
            expectFuturaeSuccess(await d.futurae.lock(session: "s"))
            expectFuturaeError(await d.futurae.unlock(pin: "0000", session: "s"), .incorrectPin)
            expectFuturaeError(await d.futurae.unlock(pin: "0000", session: "s"), .incorrectPin)
            #expect(expectFuturaeSuccess(await d.futurae.unlock(pin: "1357", session: "s")) == ["unlockedUntil": "2026-01-05T09:05:00Z"])
            let r = await d.futurae.unlock(pin: "0000", session: "s")
            #expect(r.result == ["pinAttemptsLeft": 4])  // counted from zero again
        }
    }

    @Test(arguments: BackendKind.available)
    func f4AnEmptyPINIs9AndNotCounted(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeError(await d.futurae.unlock(pin: ""), .sdkPinEmpty)
            #expect(await d.futurae.unlock(pin: "0000").result == ["pinAttemptsLeft": 4])
        }
    }

    @Test(arguments: BackendKind.available, ["none", "biometricsOnly", "biometricsOrPasscode"])
    func f4ByPINUnderALockTypeWithoutOneIs31(kind: BackendKind, lockType: String) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            try await d.futurae.session("s", lockType: lockType)
            expectFuturaeError(await d.futurae.unlock(pin: "1234", session: "s"), .invalidParameter, mentioning: "has no SDK PIN")
        }
    }

    @Test(arguments: BackendKind.available)
    func f4BiometricsSuccessUnlocksFailureAndCancelAreLocked(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeError(await d.futurae.unlock(pin: "0000"), .incorrectPin)  // one PIN failure
            expectFuturaeError(await d.futurae.unlock(biometrics: "failure"), .locked, detail: "biometric prompt: failure")
            expectFuturaeError(await d.futurae.unlock(biometrics: "cancel"), .locked, detail: "biometric prompt: cancel")
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .locked)  // still locked
            #expect(expectFuturaeSuccess(await d.futurae.unlock(biometrics: "success")) == ["unlockedUntil": "2026-01-05T09:01:00Z"])
            expectFuturaeSuccess(await d.futurae.enroll(qr: F.bobQR))
            // Nothing counted by the prompt, and a biometric unlock does not clear PIN failures (decision).
            #expect(await d.futurae.unlock(pin: "0000").result == ["pinAttemptsLeft": 3])
        }
    }

    @Test(arguments: BackendKind.available)
    func f4BiometricsUnderNoneOrUnavailableIs31(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            expectFuturaeError(await d.futurae.unlock(biometrics: "success"), .invalidParameter, mentioning: "lock type none")
            try await d.futurae.session("s", lockType: "biometricsOnly", biometrics: false)
            expectFuturaeError(await d.futurae.unlock(biometrics: "success", session: "s"), .invalidParameter, mentioning: "not available")
            try await d.futurae.session("t", lockType: "biometricsOrPasscode", biometrics: true)
            expectFuturaeSuccess(await d.futurae.unlock(biometrics: "success", session: "t"))
        }
    }

    @Test(arguments: BackendKind.available)
    func f5LockLocksAtOnce(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            #expect(expectFuturaeSuccess(await d.futurae.lock()) == .null)
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .locked)
        }
    }

    @Test(arguments: BackendKind.available)
    func f5UnderNoneTheSDKIsNeverLocked(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            #expect(expectFuturaeSuccess(await d.futurae.lock()) == .null)
            // Nothing to store: the device is as fresh as before.
            let world = try await d.futurae.exportedWorld()
            #expect(world.futurae.devices.isEmpty)
        }
    }
}

@Suite("Futurae F6 logout and delete, F7 archived device")
struct F6F7AccountRemovalAndArchiveTests {
    typealias F = FuturaeDriver

    @Test(arguments: BackendKind.available)
    func f6LogoutRemovesTheAccountAndTheServerForgetsTheDevice(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            #expect(expectFuturaeSuccess(await d.futurae.logout(F.alice)) == .null)  // locked or not (decision)
            #expect(await d.futurae.accountIds() == [])
            let world = try await d.futurae.exportedWorld()
            #expect(world.futurae.user(F.alice)?.devices == [])
        }
    }

    @Test(arguments: BackendKind.available)
    func f6DeleteRemovesFromThisDeviceOnlyAndALaterEnrollSucceeds(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            #expect(expectFuturaeSuccess(await d.futurae.delete(F.alice)) == .null)
            #expect(await d.futurae.accountIds() == [])
            #expect(try await d.futurae.exportedWorld().futurae.user(F.alice)?.devices == ["alice-iphone"])
            expectFuturaeSuccess(await d.futurae.unlock(pin: "1234"))
            let again = try await d.futurae.activation(F.alice)
            expectFuturaeSuccess(await d.futurae.enroll(qr: again["qrCode"]?.stringValue))
            #expect(await d.futurae.accountIds() == [F.alice])
            #expect(try await d.futurae.exportedWorld().futurae.user(F.alice)?.devices == ["alice-iphone"])  // listed once
        }
    }

    @Test(arguments: BackendKind.available)
    func f6AnAccountNotOnThisDeviceIs31(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeError(await d.futurae.logout(F.bob), .invalidParameter, mentioning: F.bob)
            expectFuturaeError(await d.futurae.delete("nobody"), .invalidParameter, mentioning: "nobody")
        }
    }

    @Test(arguments: BackendKind.available)
    func f7AnArchivedDeviceAnswers13ExceptF1F3AndF6(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            await d.futurae.archive()
            expectFuturaeError(await d.futurae.unlock(pin: "1234"), .deviceArchived)
            expectFuturaeError(await d.futurae.unlock(biometrics: "success"), .deviceArchived)
            expectFuturaeError(await d.futurae.lock(), .deviceArchived)
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .deviceArchived)
            expectFuturaeSuccess(await d.futurae.qrCodeType(F.bobQR))
            #expect(await d.futurae.accountIds() == [F.alice])
            expectFuturaeSuccess(await d.futurae.logout(F.alice))
            #expect(await d.futurae.accountIds() == [])
            // F0 still comes first.
            expectFuturaeError(await d.futurae.call("lock", ["now": true]), .invalidParameter)
        }
    }

    @Test(arguments: BackendKind.available)
    func aNewSessionIsAFreshInstall(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            await d.futurae.archive()
            try await d.futurae.session("default", lockType: "sdkPinWithBiometricsOptional")
            #expect(await d.futurae.accountIds() == [])
            expectFuturaeError(await d.futurae.enroll(qr: F.bobQR), .sdkPinEnrollRequired)
            expectFuturaeSuccess(await d.futurae.enroll(qr: F.bobQR, sdkPin: "8642"))
        }
    }
}
