import PIMS

/// The user's side of the tasks: starting one, Enter at each stage, Esc, new codes.
extension AccountManagement.State {
    typealias Out = AccountManagement.Out

    mutating func start(_ task: AccountManagement.Task, _ shared: Shared) -> [Out] {
        self = AccountManagement.State()
        self.task = task
        selection = 0
        switch task {
        case .removeAll:
            stage = .confirm
            message = "Remove every enrollment of \(shared.config.username)? Every device is unenrolled and the PIN removed."
            return []
        case .resetPIN, .updatePIN:
            stage = .checking
            return [.call(.account(.checkEnrolled), PIMSRequests.isDeviceActivated)]
        case .modifyPhone:
            stage = .checking
            return [.call(.account(.checkPhone), PIMSRequests.trustedPhoneNumber)]
        case .removeVehicle:
            stage = .input
            message = shared.vehicles.isEmpty ? "The account has no vehicle association left: type a VIN under Another VIN… to see the answer."
                                              : "Choose the vehicle to dissociate, or type another VIN."
            if shared.vehicles.isEmpty { form = Form([.vin]) }
            return []
        }
    }

    /// Enter in account management.
    mutating func submit(_ shared: Shared) -> [Out] {
        guard let task else { return start(AccountManagement.Task.allCases[selection], shared) }
        let (asTyped, policy, vehicles) = (shared.sendAsTyped, shared.policy, shared.vehicles)
        switch (task, stage) {
        case (.removeAll, .confirm):
            return [.call(.account(.removeAll), PIMSRequests.removeEnrollments)]
        case (.resetPIN, .input):
            return [.call(.account(.resetSMS), PIMSRequests.resetPINSMS)]
        case (.resetPIN, .code):
            guard form.validate(sendAsTyped: asTyped, policy: policy, confirm: [(.newPIN, .newPINConfirm)]) else { return [] }
            return [.call(.account(.resetPIN), PIMSRequests.resetPIN(pin: form.param(.newPIN), code: form.param(.smsCode)))]
        case (.updatePIN, .input):
            guard form.validate(sendAsTyped: asTyped, policy: policy, confirm: [(.newPIN, .newPINConfirm)]) else { return [] }
            return [.call(.account(.updatePIN), PIMSRequests.updatePIN(old: form.param(.oldPIN), new: form.param(.newPIN)))]
        case (.modifyPhone, .input):
            guard form.validate(sendAsTyped: asTyped, policy: policy) else { return [] }
            return [.call(.account(.modifySMS), PIMSRequests.certificationSMS(form.param(.phone)))]
        case (.modifyPhone, .code):
            guard form.validate(sendAsTyped: asTyped, policy: policy) else { return [] }
            return [.call(.account(.modifyPhone), PIMSRequests.modifyPhoneNumber(code: form.param(.smsCode), phone: form.param(.phone)))]
        case (.removeVehicle, .input):
            if vehicles.indices.contains(selection) {
                stage = .confirm
                message = "Remove the association of \(vehicles[selection].title)? This needs strong authentication."
                return []
            }
            guard selection == vehicles.count, form.has(.vin), form.validate(sendAsTyped: asTyped, policy: policy) else { return [] }
            stage = .confirm
            message = "Remove the association of \(form[.vin])? This needs strong authentication."
            return []
        case (.removeVehicle, .confirm):
            let vin = vehicles.indices.contains(selection) ? vehicles[selection].vin : form[.vin]
            return [.call(.account(.removeVehicle(vin: vin)), PIMSRequests.removeProperty(.string(vin)))]
        case (_, .done):
            self = AccountManagement.State()
            return []
        case (_, .menu), (_, .checking), (.removeAll, .input), (.removeAll, .code), (.resetPIN, .confirm), (.updatePIN, .code),
             (.updatePIN, .confirm), (.modifyPhone, .confirm), (.removeVehicle, .code):
            return []
        }
    }

    /// Esc: a question is declined (E goes back to its vehicle choice), a task is left, or the menu is.
    mutating func cancel() -> [Out] {
        if stage == .confirm {
            stage = task == .removeVehicle ? .input : .menu
            return []
        }
        guard stage == .menu else {
            self = AccountManagement.State()
            return []
        }
        return [.back]
    }

    mutating func resendSMS() -> [Out] {
        guard stage == .code else { return [] }
        form.clear([.smsCode])
        switch task {
        case .resetPIN: return [.call(.account(.resetSMS), PIMSRequests.resetPINSMS)]
        case .modifyPhone: return [.call(.account(.modifySMS), PIMSRequests.certificationSMS(form.param(.phone)))]
        case .removeAll, .updatePIN, .removeVehicle, nil: return []
        }
    }
}
