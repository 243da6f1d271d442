extension AccountManagement {
    /// One table for every stage: each row says when it is offered.
    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let menu = s.stage == .menu
        let input = s.stage == .input
        let choosingVehicle = input && s.task == .removeVehicle
        let code = s.stage == .code
        let confirming = s.stage == .confirm
        return KeyBinding.select(when: menu || choosingVehicle) + [
            .enter("start", "Start the selected task.", when: menu),
        ] + Task.allCases.map { task in
            KeyBinding(.letter(Character(task.rawValue.lowercased())), task.rawValue, "\(task.rawValue): \(task.title).", .startTask(task), when: menu)
        } + [
            .enter("choose", "Choose this vehicle (or the VIN typed under Another VIN…).", when: choosingVehicle),
            .enter("send SMS", "Send a resetPIN SMS code to the trusted phone.", when: input && s.task == .resetPIN),
            .enter("send", "Send the task's call.", when: input && s.task != .resetPIN && s.task != .removeVehicle),
            .enter("send", "Check the code and finish the task.", when: code),
            KeyBinding(.letter("n"), "new code", "Send a new SMS code (the older one stops working).", .resendSMS, when: code),
            KeyBinding(.letter("f"), "autofill", "Type the newest code of the simulated phone.", .app(.choose(.autofillCode)), when: code),
            .enter("confirm", "Yes, do it.", when: confirming),
            .escape("cancel", "No.", when: confirming),
            .enter("menu", "Back to the task menu.", when: s.stage == .done),
            .back(when: !confirming),
        ]
    }
}
