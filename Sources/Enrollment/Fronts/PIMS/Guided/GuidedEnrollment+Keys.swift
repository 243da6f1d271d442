extension GuidedEnrollment {
    /// One table for every stage: each row says when it is offered.
    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let codePrompt = s.stage.isCodePrompt
        let confirming = s.stage == .confirmRemoveAll
        let methodFailed = s.statuses[.s4_1] == .failed || s.statuses[.s4_2] == .failed
        return [
            .enter("start", "Run the enrollment from step 1.", when: [.notStarted, .enrolled].contains(s.stage)),
            KeyBinding(.letter("s"), "shortcut 4·1", "Enroll with the phone number: one SMS, one call (SDK 2.1+).", .chooseShortcut,
                       when: s.stage == .chooseMethod && shared.config.offersShortcut),
            // Below SDK 2.1 the shortcut can still be forced, to see the SDK's 2002 (R8).
            KeyBinding(.letter("s"), "force 4·1", "Send the shortcut anyway: SDK \(shared.config.sdk) answers 2002 (R8).", .chooseShortcut,
                       when: [.chooseMethod, .registerPhone].contains(s.stage) && !shared.config.offersShortcut),
            KeyBinding(.letter("l"), "full 4·2", "Register the phone first, then steps 5 to 8.", .chooseFull, when: s.stage == .chooseMethod),
            .enter("send SMS", "Send a certification SMS code to this number.", when: [.shortcutPhone, .registerPhone].contains(s.stage)),
            .enter("check", "Send the code (and PIN) typed.", when: codePrompt),
            KeyBinding(.letter("n"), "new code", "Send a new SMS code (the older one stops working).", .resendSMS, when: codePrompt),
            KeyBinding(.letter("f"), "autofill", "Type the newest code of the simulated phone.", .app(.choose(.autofillCode)), when: codePrompt),
            KeyBinding(.letter("t"), "restart at 3", "Check the phone again (step 3) and go on from there.", .restartFromStep3,
                       when: codePrompt && methodFailed),
            .enter("register PIN", "Register this PIN (step 7), then validate it (step 8).", when: s.stage == .newPIN),
            .enter("enroll", "Validate the PIN and enroll this device (step 8).", when: s.stage == .existingPIN),
            KeyBinding(.letter("a"), "remove all (A)", "Remove all enrollments (asks first), then restart from step 3.", .removeAllEnrollments,
                       when: s.stage == .blocked),
            .enter("check again", "Run the checks again from step 1.", when: s.stage == .blocked),
            .enter("confirm", "Yes: remove every enrollment of the account.", when: confirming),
            .escape("cancel", "No.", when: confirming),
            .back(when: !confirming),
        ]
    }
}
