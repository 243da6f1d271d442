import Explore

/// PIMS's seed walks (Assets/walks/seeds/pims-*.jsonl) as keyboard scripts: the account flows the
/// tours do not walk (the full enrollment 4·2, PIN reset B, PIN update C, phone change D, vehicle
/// removal E and what it leaves behind, the send limit, the login lockout, the car key's proximity),
/// each from the built-in scenario that starts nearest to it. `enrollsim explore` plays them after
/// the tours and goes on from them (Sapienz seeds its search with the existing tests). Recorded
/// headless with `ENROLLSIM_RECORD_SEEDS=1 swift test --filter PIMSSeedTests`.
enum PIMSSeeds {
    struct Seed: Sendable, CustomStringConvertible {
        let name: String
        let scenario: String
        let title: String
        let inputs: [ExploreInput]
        /// Branches the seed's calls reach (walk-name stems, `pims-r13-ok`): what it is for.
        let reaches: [String]
        var description: String { name }
    }

    /// `"paste:TEXT"` pastes TEXT into the field being edited; anything else is a key's walk name.
    static func inputs(_ script: [String]) -> [ExploreInput] {
        script.map { $0.hasPrefix("paste:") ? .paste(String($0.dropFirst(6))) : .key($0) }
    }

    /// Log in (Enter on the session screen), then open the home menu's entry `down` rows below the first.
    static func open(_ down: Int) -> [String] { ["Enter"] + Array(repeating: "↓", count: down) + ["Enter"] }
    static let guided = open(0), account = open(1), steps = open(2), carKey = open(3)

    static func digits(_ text: String) -> [String] { text.map(String.init) }
    /// A new PIN and its confirmation (the first field focused).
    static func pinTwice(_ pin: String) -> [String] { digits(pin) + ["Tab"] + digits(pin) }

    static let all: [Seed] = [
        Seed(name: "pims-full-enrollment", scenario: "fresh", title: "The full enrollment: 4·2, then steps 5 to 8 (R9, R5, R10, R11)",
             inputs: inputs(guided + ["l"] + digits("0612345678") + ["Enter", "Ctrl-F", "Enter", "Ctrl-F", "Enter"] + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r4-ok", "pims-r9-ok", "pims-r5-ok", "pims-r10-ok", "pims-r11-step-7"]),
        Seed(name: "pims-reset-pin", scenario: "enrolled", title: "Reset the PIN (B): a resetPIN SMS, the code, a new PIN (R6, R13)",
             inputs: inputs(account + ["b", "Enter", "Ctrl-F"] + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r6-ok", "pims-r13-ok"]),
        Seed(name: "pims-update-pin", scenario: "enrolled", title: "Update the PIN (C): the current PIN, then a new one twice (R14)",
             inputs: inputs(account + ["c"] + digits("1234") + ["Tab"] + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r14-ok"]),
        Seed(name: "pims-change-phone", scenario: "enrolled", title: "Change the trusted phone (D): a certification SMS to the new number (R4, R15)",
             inputs: inputs(account + ["d"] + digits("0798765432") + ["Enter", "Ctrl-F", "Enter"]),
             reaches: ["pims-r4-ok", "pims-r15-ok"]),
        Seed(name: "pims-remove-vehicle", scenario: "enrolled",
             title: "Remove the vehicle (E) after listing its steps and selecting it for the car key: 2302, the OTP page, the retry, then the stale stepsID and selection (R18, R16, R20, R19, R21, R25)",
             inputs: inputs(["Enter", "↓", "↓", "Enter", "Enter", "b", "Esc", "↓", "Enter", "Enter", "Esc", "↑", "↑", "Enter", "e", "Enter", "Enter"]
                            + digits("1234") + ["Enter", "Esc", "Esc", "↓", "Enter", "l", "l", "b", "Esc", "↓", "Enter", "Enter"]),
             reaches: ["pims-r21-ok", "pims-r18-2302", "pims-r16-ok", "pims-r18-ok", "pims-r20-2346", "pims-r19-2102", "pims-r21-2102", "pims-r25-2010"]),
        Seed(name: "pims-remove-vehicle-next-step", scenario: "enrolled", title: "The next step of a removed vehicle's stepsID (R22 2346)",
             inputs: inputs(["Enter", "↓", "↓", "Enter", "Enter", "Esc", "↑", "Enter", "e", "Enter", "Enter"]
                            + digits("1234") + ["Enter", "Esc", "Esc", "↓", "Enter", "n"]),
             reaches: ["pims-r18-ok", "pims-r22-2346"]),
        Seed(name: "pims-remove-another-vin", scenario: "enrolled", title: "E with a VIN typed by hand: not the account's (R18 2323), then malformed, sent as typed (2102)",
             inputs: inputs(account + ["e", "↓", "Ctrl-X", "paste:WVWZZZ1JZXW000001", "Enter", "Enter", "paste:ABC", "Enter", "Enter"]),
             reaches: ["pims-r18-2323", "pims-r18-2102"]),
        Seed(name: "pims-sdk-logged-out", scenario: "enrolled", title: "The SDK's session ended from the simulator panel (R0b): the next call answers 2301 (R0c)",
             inputs: inputs(["Enter", "F8", "s", "Esc"] + ["↓", "Enter", "b"]),
             reaches: ["pims-r0b-ok", "pims-r0c-2301"]),
        Seed(name: "pims-steps-by-vin-cached", scenario: "stale-steps", title: "The stale cache read by VIN, then the next step (R21, R22 cached)",
             inputs: inputs(steps + ["Enter", "b", "n"]),
             reaches: ["pims-r21-cached", "pims-r22-cached"]),
        Seed(name: "pims-new-pin-malformed", scenario: "phone-registered", title: "Step 7 with a two-digit PIN sent as typed (R11 2102)",
             inputs: inputs(guided + ["Ctrl-F", "Enter", "Ctrl-X"] + pinTwice("12") + ["Enter"]),
             reaches: ["pims-r10-ok", "pims-r11-2102"]),
        Seed(name: "pims-foreign-vin-car-key", scenario: "enrolled", title: "The car key with a malformed VIN sent as typed (R23 2102)",
             inputs: inputs(carKey + ["↓", "i", "Ctrl-X", "paste:ABC", "Enter"]),
             reaches: ["pims-r23-2102"]),
        Seed(name: "pims-certification-send-limit", scenario: "fresh", title: "A sixth certification SMS within 10 minutes (R4 2204)",
             inputs: inputs(guided + ["l"] + digits("0612345678") + ["Enter"] + Array(repeating: "Ctrl-N", count: 5)),
             reaches: ["pims-r4-2204"]),
        Seed(name: "pims-enrollment-send-limit", scenario: "phone-registered", title: "A sixth enrollment SMS within 10 minutes (R5 2204)",
             inputs: inputs(guided + Array(repeating: "Ctrl-N", count: 5)),
             reaches: ["pims-r5-2204"]),
        Seed(name: "pims-expired-registration-code", scenario: "fresh", title: "4·2's code used after the clock moved an hour on (R9 2306)",
             inputs: inputs(guided + ["l"] + digits("0612345678") + ["Enter", "F8", "i", "Ctrl-U", "paste:3600", "Esc", "a", "Esc", "Ctrl-F", "Enter"]),
             reaches: ["pims-r9-2306"]),
        Seed(name: "pims-expired-shortcut-code", scenario: "fresh", title: "4·1's code used after the clock moved an hour on (R8 2306)",
             inputs: inputs(guided + ["s"] + digits("0612345678") + ["Enter", "F8", "i", "Ctrl-U", "paste:3600", "Esc", "a", "Esc", "Ctrl-F"]
                            + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r8-2306"]),
        Seed(name: "pims-expired-enrollment-code", scenario: "phone-registered", title: "Step 6's code checked after the clock moved an hour on (R10 2306)",
             inputs: inputs(guided + ["F8", "i", "Ctrl-U", "paste:3600", "Esc", "a", "Esc", "Ctrl-F", "Enter"]),
             reaches: ["pims-r10-2306"]),
        Seed(name: "pims-expired-phone-code", scenario: "enrolled", title: "D's code used after the clock moved an hour on (R15 2306)",
             inputs: inputs(account + ["d"] + digits("0798765432") + ["Enter", "F8", "i", "Ctrl-U", "paste:3600", "Esc", "a", "Esc", "Ctrl-F", "Enter"]),
             reaches: ["pims-r15-2306"]),
        Seed(name: "pims-enrollment-window-closed", scenario: "enrolled-elsewhere", title: "Step 8 after the enrollment window closed with its code's expiry (R11 2311)",
             inputs: inputs(guided + ["Ctrl-F", "Enter", "F8", "i", "Ctrl-U", "paste:3600", "Esc", "a", "Esc"] + digits("1234") + ["Enter"]),
             reaches: ["pims-r10-ok", "pims-r11-2311"]),
        Seed(name: "pims-reset-pin-same", scenario: "enrolled", title: "B with the current PIN as the new one (R13 2315)",
             inputs: inputs(account + ["b", "Enter", "Ctrl-F"] + pinTwice("1234") + ["Enter"]),
             reaches: ["pims-r13-2315"]),
        Seed(name: "pims-reset-pin-wrong-code", scenario: "enrolled", title: "B with a wrong SMS code (R13 2305)",
             inputs: inputs(account + ["b", "Enter"] + digits("0000") + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r13-2305"]),
        Seed(name: "pims-reset-pin-malformed", scenario: "enrolled", title: "B with a two-digit PIN sent as typed (R13 2102)",
             inputs: inputs(account + ["b", "Enter", "Ctrl-X", "Ctrl-F"] + pinTwice("12") + ["Enter"]),
             reaches: ["pims-r13-2102"]),
        Seed(name: "pims-update-pin-wrong", scenario: "enrolled", title: "C with a wrong current PIN (R14 2308)",
             inputs: inputs(account + ["c"] + digits("1357") + ["Tab"] + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r14-2308"]),
        Seed(name: "pims-update-pin-same", scenario: "enrolled", title: "C with the current PIN as the new one (R14 2315)",
             inputs: inputs(account + ["c"] + digits("1234") + ["Tab"] + pinTwice("1234") + ["Enter"]),
             reaches: ["pims-r14-2315"]),
        Seed(name: "pims-update-pin-malformed", scenario: "enrolled", title: "C with a two-digit new PIN sent as typed (R14 2102)",
             inputs: inputs(account + ["c", "Ctrl-X"] + digits("1234") + ["Tab"] + pinTwice("12") + ["Enter"]),
             reaches: ["pims-r14-2102"]),
        Seed(name: "pims-change-phone-wrong-code", scenario: "enrolled", title: "D with a wrong SMS code (R15 2305)",
             inputs: inputs(account + ["d"] + digits("0798765432") + ["Enter"] + digits("0000") + ["Enter"]),
             reaches: ["pims-r15-2305"]),
        Seed(name: "pims-registration-wrong-code", scenario: "fresh", title: "4·2 with a wrong SMS code (R9 2305)",
             inputs: inputs(guided + ["l"] + digits("0612345678") + ["Enter"] + digits("0000") + ["Enter"]),
             reaches: ["pims-r9-2305"]),
        Seed(name: "pims-shortcut-wrong-code", scenario: "fresh", title: "4·1 with a wrong SMS code (R8 2305)",
             inputs: inputs(guided + ["s"] + digits("0612345678") + ["Enter"] + digits("0000") + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r8-2305"]),
        Seed(name: "pims-shortcut-malformed-pin", scenario: "fresh", title: "4·1 with a two-digit PIN sent as typed (R8 2102)",
             inputs: inputs(guided + ["s"] + digits("0612345678") + ["Enter", "Ctrl-X", "Ctrl-F"] + pinTwice("12") + ["Enter"]),
             reaches: ["pims-r8-2102"]),
        Seed(name: "pims-device-limit", scenario: "device-limit", title: "A sixth device at step 8: the device limit blocks the account (R11)",
             inputs: inputs(guided + ["Ctrl-F", "Enter"] + digits("1234") + ["Enter"]),
             reaches: ["pims-r5-ok", "pims-r10-ok", "pims-r11-device-limit"]),
        Seed(name: "pims-legacy-shortcut", scenario: "legacy-sdk", title: "The shortcut forced on SDK 2.0 (R8 2002)",
             inputs: inputs(guided + ["Ctrl-S"] + digits("0612345678") + ["Enter", "Ctrl-F"] + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r8-2002"]),
        Seed(name: "pims-login-lockout", scenario: "fresh", title: "Five wrong passwords lock the username for 15 minutes (R0a 2383)",
             inputs: inputs(["↓", "↓", "i", "Ctrl-U", "paste:wrong-pass", "Esc"] + Array(repeating: "Enter", count: 6)),
             reaches: ["pims-r0a-2102", "pims-r0a-2383"]),
        Seed(name: "pims-reference-variant", scenario: "fresh", title: "The reference variant: no trusted phone is a 2307 (R3)",
             inputs: inputs(["e"] + guided),
             reaches: ["pims-r3-2307"]),
        Seed(name: "pims-car-key-proximity", scenario: "enrolled", title: "The car key with the phone unpaired, the key outside, Bluetooth off (R25 2342, 2354, 2341)",
             inputs: inputs(carKey + ["Enter", "y", "Enter", "y", "k", "Enter", "k", "b", "Enter"]),
             reaches: ["pims-r23-ok", "pims-r25-2342", "pims-r25-2354", "pims-r25-2341"]),
        Seed(name: "pims-blocked-account", scenario: "pin-blocked", title: "C, D, B and E on a PIN-blocked account (R14, R15, R13, R16 2317)",
             inputs: inputs(account + ["c"] + digits("1234") + ["Tab"] + pinTwice("2468") + ["Enter", "Esc", "Esc",
                            "d"] + digits("0798765432") + ["Enter", "Ctrl-F", "Enter", "Esc", "Esc",
                            "b", "Enter", "Ctrl-F"] + pinTwice("2468") + ["Enter", "Esc", "Esc",
                            "e", "Enter", "Enter"] + digits("1234") + ["Enter"]),
             reaches: ["pims-r14-2317", "pims-r15-2317", "pims-r13-2317", "pims-r16-2317"]),
        Seed(name: "pims-device-not-enrolled", scenario: "phone-registered", title: "C, D, B and E with no device enrolled (R14 2312, R15 2312, R13 2317, R16 2312)",
             inputs: inputs(account + ["c"] + digits("1234") + ["Tab"] + pinTwice("2468") + ["Enter", "Esc", "Esc",
                            "d"] + digits("0798765432") + ["Enter", "Ctrl-F", "Enter", "Esc", "Esc",
                            "b", "Enter", "Ctrl-F"] + pinTwice("2468") + ["Enter", "Esc", "Esc",
                            "e", "Enter", "Enter"] + digits("1234") + ["Enter"]),
             reaches: ["pims-r14-2312", "pims-r15-2312", "pims-r13-2317", "pims-r16-2312"]),
        Seed(name: "pims-no-trusted-phone", scenario: "fresh", title: "B and D with no trusted phone (R6 2307, R15 2307)",
             inputs: inputs(account + ["b", "Enter", "Esc", "d"] + digits("0798765432") + ["Enter", "Ctrl-F", "Enter"]),
             reaches: ["pims-r6-2307", "pims-r15-2307"]),
        Seed(name: "pims-send-limit", scenario: "enrolled", title: "A sixth SMS to the trusted phone within 10 minutes (R6 2204)",
             inputs: inputs(account + ["b", "Enter"] + Array(repeating: "Ctrl-N", count: 5)),
             reaches: ["pims-r6-2204"]),
        Seed(name: "pims-otp-last-attempt", scenario: "one-attempt-left", title: "A wrong PIN for E's OTP on the last attempt blocks the PIN (R16)",
             inputs: inputs(account + ["e", "Enter", "Enter"] + digits("1357") + ["Enter"]),
             reaches: ["pims-r18-2302", "pims-r16-pin-blocked"]),
        Seed(name: "pims-last-attempt", scenario: "one-attempt-left", title: "A wrong current PIN on the last attempt blocks the PIN (R14)",
             inputs: inputs(account + ["c"] + digits("1357") + ["Tab"] + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r14-pin-blocked"]),
        Seed(name: "pims-expired-code", scenario: "enrolled", title: "A resetPIN code used after the clock moved an hour on (R13 2306)",
             inputs: inputs(account + ["b", "Enter", "F8", "i", "Ctrl-U", "paste:3600", "Esc", "a", "Esc", "Ctrl-F"] + pinTwice("2468") + ["Enter"]),
             reaches: ["pims-r13-2306"]),
    ]
}
