import Enrollment
import EnrollsimAssets
import Foundation
import SimKernel
import SimWorld
import Walk
import WalkPlayer

/// The demo tours as keyboard scripts, recorded headless against the built-in scenarios: the walks
/// in Assets/walks are these, recorded with ENROLLSIM_RECORD_TOURS=1.
enum Tours {
    struct Tour {
        let name: String
        let title: String
        let scenario: String
        let captions: [String: String]
        /// The script; false when a screen it waited for never came.
        let script: @Sendable (WalkScript) async -> Bool
        /// What the last screen shows when the tour went as planned.
        let finalText: String
    }

    static let all: [Tour] = [shortcut, wrongPIN, stepsCache, futuraeQR, cardPush, futuraeLogin, remoteCommands]

    /// Records `tour` to `path` on a fresh world of its scenario; the script's result and the last screen.
    /// `backend`: another than a fresh in-process world of the scenario (a server already on it).
    static func record(_ tour: Tour, to path: String, backend: (any SimBackend)? = nil) async throws -> (ok: Bool, screen: String) {
        let (yaml, origin) = try ScenarioLoader.text(of: .named(tour.scenario))
        let world = try ScenarioLoader.parse(yaml: yaml, origin: origin)
        var config = SessionConfig(backend: .inProcess(scenario: tour.scenario))
        config.device = world.session.device
        // The scenario opens on its system with its default session's settings, as the TUI does.
        config.scenarioSession = world.session.settings
        config.adopt(ScenarioDefaults(settings: world.session.settings, username: world.session.user, systemIDs: world.systemIDs))
        if let user = world.session.user, let account = world.account(user) {
            config.username = user
            config.password = account.password
        }
        var header = WalkHeader(enrollsim: "tour", scenario: yaml, scenarioOrigin: origin, session: config.walkFields,
                                width: 100, height: 32, backend: "in-process", title: tour.title)
        header.captions = tour.captions
        let script = try await WalkScript(path: path, header: header, config: config,
                                          backend: backend ?? InProcessBackend(world: world, honoursLatency: false))
        let ok = await tour.script(script)
        return (ok && script.screen.contains(tour.finalText), script.screen)
    }

    /// Log in (Enter on the session screen), open the guided enrollment (Enter on Home).
    static func startGuided(_ s: WalkScript) async -> Bool {
        await s.press("Enter", pauseMs: 800)
        guard await s.wait(for: "Home") else { return false }
        await s.press("Enter", pauseMs: 800)
        return await s.wait(for: "Flow map")
    }

    /// A new PIN and its confirmation, sent: the device is enrolled.
    static func newPINTwice(_ s: WalkScript, _ pin: String) async -> Bool {
        await s.type(pin)
        await s.press("Tab")
        await s.type(pin)
        await s.press("Enter", pauseMs: 1500)
        return await s.expect("alice-iphone is enrolled")
    }

    static let shortcut = Tour(
        name: "shortcut-enrollment", title: "The shortcut enrollment (4·1) on a fresh account", scenario: "fresh",
        captions: [
            "Session · login": "Basic authentication: the session logs in (R0a).",
            "Enrollment · step 1": "Is this device enrolled? Not yet (R1).",
            "Enrollment · step 2": "Is the account blocked? No (R2).",
            "Enrollment · step 3": "No trusted phone yet (R3): the shortcut 4·1 is offered from SDK 2.1.",
            "Enrollment · step 4·1": "One SMS to the new phone, then phone, code and PIN in one call (R4, R8).",
        ],
        script: { s in
            guard await startGuided(s), await s.expect("s shortcut 4·1") else { return false }
            await s.press("s", pauseMs: 600)
            guard await s.wait(for: "Phone number") else { return false }
            await s.type("0612345678")
            await s.press("Enter", pauseMs: 1000)
            guard await s.wait(for: "types the code") else { return false }
            await s.press("Ctrl-F", pauseMs: 600)
            return await newPINTwice(s, "1357")
        },
        finalText: "alice-iphone is enrolled")

    static let wrongPIN = Tour(
        name: "wrong-pin-recovery", title: "The full enrollment with a wrong PIN, and the recovery through step A", scenario: "enrolled-elsewhere",
        captions: [
            "Enrollment · step 5": "An enrollment SMS to the trusted phone (R5).",
            "Enrollment · step 6": "The code is checked: the enrollment window opens (R10).",
            "Enrollment · step 8": "A wrong PIN counts: 2308 says how many are left; at the limit the account is PINBlocked, 2317 (R11).",
            "Enrollment · step 7": "No PIN any more: a new one is chosen (R11 step 7), and step 8 confirms it.",
            "Enrollment · step A": "Step A removes every enrollment and the PIN (R12): the flow starts over.",
        ],
        script: { s in
            guard await startGuided(s), await s.wait(for: "types the code") else { return false }
            await s.press("Ctrl-F", pauseMs: 500)
            await s.press("Enter", pauseMs: 1200)
            for attempt in 1...3 {
                guard await (attempt == 1 ? s.expect("already has a PIN") : s.expect("2308", in: .banner)) else { return false }
                await s.type("0000")
                await s.press("Enter", pauseMs: 1500)
            }
            guard await s.expect("2317", in: .banner), await s.wait(for: "remove all") else { return false }
            await s.press("a", pauseMs: 1000)
            await s.press("Enter", pauseMs: 1500)
            guard await s.wait(for: "types the code") else { return false }
            await s.press("Ctrl-F", pauseMs: 500)
            await s.press("Enter", pauseMs: 1200)
            guard await s.wait(for: "Step 7") else { return false }
            return await newPINTwice(s, "8642")
        },
        finalText: "alice-iphone is enrolled")

    static let stepsCache = Tour(
        name: "steps-cache-trap", title: "The steps cache trap (R19)", scenario: "stale-steps",
        captions: [:],
        script: { s in
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Home") else { return false }
            await s.press("↓")
            await s.press("↓")
            await s.press("Enter", pauseMs: 800)
            await s.press("Enter", pauseMs: 1500)
            guard await s.expect("alreadyDone") else { return false }
            await s.press("s", pauseMs: 1500)
            return await s.expect("todo")
        },
        finalText: "todo")

    static let futuraeQR = Tour(
        name: "futurae-qr-sdk-pin", title: "Futurae: enrollment by QR code with an SDK PIN and the binding token", scenario: "futurae-pin",
        captions: [
            "Futurae · accounts (SDK PIN set?)": "The app asks the SDK for its accounts: none, so no SDK PIN yet (F3). The back office then creates an activation and shows its QR code.",
            "Futurae · enroll": "The phone scanned the QR code; the lock type needs an SDK PIN, chosen twice, and Trusted Session Binding asks for the token the back office shows: one futurae.enroll carries all three (F2).",
            "Futurae · accounts": "The device now holds alice's account at Acme Bank (F3).",
            "Futurae · unlock (SDK PIN)": "The SDK PIN just chosen unlocks the SDK for the unlock duration (F4).",
        ],
        script: { s in
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Futurae SDK on alice-iphone") else { return false }
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Scan the activation QR code") else { return false }
            await s.press("Enter", pauseMs: 1500)
            guard await s.wait(for: "s scan") else { return false }
            await s.press("s", pauseMs: 800)
            guard await s.wait(for: "Choose the SDK PIN") else { return false }
            await s.type("2468")
            await s.press("Tab")
            await s.type("2468")
            await s.press("Enter", pauseMs: 1000)
            guard await s.wait(for: "Trusted Session Binding"), let token = bindingToken(on: s.screen) else { return false }
            await s.type(token)
            await s.press("Enter", pauseMs: 1500)
            guard await s.expect("✓ Enrolled") else { return false }
            await s.press("Enter", pauseMs: 1200)
            guard await s.wait(for: "Acme Bank · since") else { return false }
            await s.press("u", pauseMs: 800)
            guard await s.wait(for: "Unlock with the SDK PIN") else { return false }
            await s.type("2468")
            await s.press("Enter", pauseMs: 1500)
            return await s.expect("✓ unlocked until")
        },
        finalText: "✓ unlocked until")

    /// The binding token as the back office pane shows it (`token     57S6KDIM`): read off the screen, as the user does.
    static func bindingToken(on screen: String) -> String? {
        screen.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "token     ") else { return nil }
            return String(line[r.upperBound...].prefix(8))
        }.first
    }

    static let cardPush = Tour(
        name: "card-auto-enrollment", title: "The card auto-enrollment by push (CA Strong Authentication)", scenario: "card-replacement",
        captions: [
            "Card · open the push (C2)": "A purchase at the shop pushed to the phone; opened, it shows merchant, amount, card and the new card's autoEnrollId (C1, C2).",
            "Card · biometric prompt (C6)": "The simulated biometric prompt: a failure counts no PIN attempt; the fallback leads to the PIN (C6).",
            "Card · verify the PIN (C5)": "The user PIN verifies the purchase made with the replacement card (C5).",
            "Card · name the new card (C7)": "The new card is set up on the phone under its name, and the purchase approved (C7).",
        ],
        script: { s in
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Home") else { return false }
            await s.press("↓")
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Enter pay") else { return false }
            await s.press("Enter", pauseMs: 1500)
            guard await s.wait(for: "Push: Book Corner") else { return false }
            await s.press("F6", pauseMs: 1500)
            guard await s.expect("Did you make this purchase?") else { return false }
            await s.press("y", pauseMs: 1000)
            await s.press("b", pauseMs: 1000)
            guard await s.wait(for: "Touch ID / Face ID") else { return false }
            await s.press("f", pauseMs: 1500)
            guard await s.wait(for: "Not recognised") else { return false }
            await s.press("k", pauseMs: 1200)
            guard await s.wait(for: "Enter your PIN") else { return false }
            await s.type("1234")
            await s.press("Enter", pauseMs: 1500)
            guard await s.wait(for: "Name your new card") else { return false }
            await s.type("Travel card")
            await s.press("Enter", pauseMs: 2000)
            return await s.expect("Transaction approved")
        },
        finalText: "Transaction approved")

    static let futuraeLogin = Tour(
        name: "futurae-login", title: "Futurae: enroll, then a login pushed to the phone and approved (F8–F10)", scenario: "futurae-fresh",
        captions: [
            "Futurae · enroll": "The back office enrolled alice (as the Auth API's user/enroll does, FA9); the phone scans its QR code (F2).",
            "Futurae · approve the login (F9)": "The back office pushed a login (futurae.auth, as the Auth API's user/auth, FA13); approved on the phone, auth/status reads allow (FA14).",
        ],
        script: { s in
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Futurae SDK on alice-iphone") else { return false }
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Scan the activation QR code") else { return false }
            await s.press("Enter", pauseMs: 1500)
            guard await s.wait(for: "s scan") else { return false }
            await s.press("s", pauseMs: 1500)
            guard await s.expect("✓ Enrolled") else { return false }
            await s.press("F8", pauseMs: 1000)
            guard await s.wait(for: "Back office · logins") else { return false }
            await s.press("y", pauseMs: 1500)
            guard await s.wait(for: "approve login as alice@example.com?") else { return false }
            await s.press("Esc", pauseMs: 800)
            guard await s.wait(for: "F6") else { return false }
            await s.press("F6", pauseMs: 1500)
            guard await s.expect("y approve · n reject · f report fraud") else { return false }
            await s.press("y", pauseMs: 1500)
            return await s.expect("✓ Login approved")
        },
        finalText: "✓ Login approved")

    static let remoteCommands = Tour(
        name: "remote-commands", title: "Remote commands after enrollment: OTP, unlock and lock the doors, a charge to its end (R26–R48)",
        scenario: "remote-steps-todo",
        captions: [
            "Steps · list": "Before remote commands: this device is not enrolled and the car key is not activated (R28 would answer 2312, then 2340).",
            "Enrollment · step 5": "The checklist runs the enrollment: an SMS to the trusted phone (R5), checked, then the PIN (R10, R11).",
            "Car key · activate": "The car key is activated (R25): every step is done, v opens the Vehicle screen.",
            "Vehicle · select VIN (remote)": "set pims.vehicle.vin {actionType: remote} selects the e-208 for remote use (R26).",
            "Vehicle · subscribe signal": "subscribe pims.vehicle.signal: every command's steps come back as signals (R27, R43).",
            "Vehicle · status get": "The server's copy of the car: locked, 62 %, plugged, not charging (R39, R42).",
            "OTP · withPin": "Commands need the strong-authentication window: 2302, the PIN, then the same command again (R28).",
            "Vehicle · unlock the doors": "Accepted at once; 900 pending, 901 sent after 2 s, 200 done after 5 s more on the simulated clock (R31, R32).",
            "Vehicle · lock the doors": "The doors lock the same way: each step a signal, in order, exactly once (R44).",
            "Vehicle · start charging": "The charge starts (R34) and runs on the clock at 10 %/h; T advances an hour until remoteChargeFinished (R37).",
        ],
        script: { s in
            await s.press("Enter", pauseMs: 800)
            guard await s.wait(for: "Home") else { return false }
            await s.press("↓")
            await s.press("↓")
            await s.press("Enter", pauseMs: 800)
            await s.press("Enter", pauseMs: 1200)
            guard await s.expect("deviceActivation") else { return false }
            await s.press("↓")
            await s.press("Enter", pauseMs: 1200)
            guard await s.wait(for: "types the code") else { return false }
            await s.press("Ctrl-F", pauseMs: 500)
            await s.press("Enter", pauseMs: 1200)
            guard await s.wait(for: "already has a PIN") else { return false }
            await s.type("1234")
            await s.press("Enter", pauseMs: 1500)
            guard await s.wait(for: "mediumCarKey") else { return false }
            await s.press("↓")
            await s.press("Enter", pauseMs: 1200)
            guard await s.wait(for: "not activated yet") else { return false }
            await s.press("Enter", pauseMs: 1200)
            guard await s.wait(for: "security code") else { return false }
            await s.press("Enter", pauseMs: 1200)
            guard await s.wait(for: "Car key activated for") else { return false }
            await s.press("v", pauseMs: 1500)
            guard await s.expect("Locked · all closed") else { return false }
            await s.press("u", pauseMs: 1000)
            guard await s.wait(for: "PIN") else { return false }
            await s.type("1234")
            await s.press("Enter", pauseMs: 1500)
            guard await s.wait(for: "900 pending") else { return false }
            await s.press("t", pauseMs: 1500)
            guard await s.expect("Unlocked · all closed") else { return false }
            await s.press("l", pauseMs: 1000)
            await s.press("t", pauseMs: 1500)
            guard await s.expect("lock the doors: done") else { return false }
            await s.press("c", pauseMs: 1000)
            await s.press("t", pauseMs: 1500)
            guard await s.expect("inprogress") else { return false }
            for _ in 0..<4 { await s.press("T", pauseMs: 1200) }
            return await s.expect("remoteChargeFinished")
        },
        finalText: "remoteChargeFinished")
}
