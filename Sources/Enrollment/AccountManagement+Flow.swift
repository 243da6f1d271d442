import PIMS

/// Account management A–E: each task's preconditions checked and explained first, then its
/// input, confirmation, and call.
extension AppState {
    mutating func startTask(_ task: AccountManagement.Task) -> [Effect] {
        account = AccountManagement()
        account.task = task
        account.selection = 0
        route = .account
        switch task {
        case .removeAll:
            account.stage = .confirm
            account.message = "Remove every enrollment of \(config.username)? Every device is unenrolled and the PIN removed."
            return []
        case .resetPIN, .updatePIN:
            account.stage = .checking
            return issue(.account(.checkEnrolled), Requests.isDeviceActivated)
        case .modifyPhone:
            account.stage = .checking
            return issue(.account(.checkPhone), Requests.trustedPhoneNumber)
        case .removeVehicle:
            account.stage = .input
            account.message = vehicles.isEmpty ? "The account has no vehicle association left." : "Choose the vehicle to dissociate."
            return []
        }
    }

    /// Enter in account management.
    mutating func submitAccount() -> [Effect] {
        guard let task = account.task else {
            return startTask(AccountManagement.Task.allCases[account.selection])
        }
        switch (task, account.stage) {
        case (.removeAll, .confirm):
            return issue(.account(.removeAll), Requests.removeEnrollments)
        case (.resetPIN, .input):
            return issue(.account(.resetSMS), Requests.resetPINSMS)
        case (.resetPIN, .code):
            guard account.form.validate(sendAsTyped: sendAsTyped, policy: policy, confirm: [(.newPIN, .newPINConfirm)]) else { return [] }
            return issue(.account(.resetPIN), Requests.resetPIN(pin: account.form.param(.newPIN), code: account.form.param(.smsCode)))
        case (.updatePIN, .input):
            guard account.form.validate(sendAsTyped: sendAsTyped, policy: policy, confirm: [(.newPIN, .newPINConfirm)]) else { return [] }
            return issue(.account(.updatePIN), Requests.updatePIN(old: account.form.param(.oldPIN), new: account.form.param(.newPIN)))
        case (.modifyPhone, .input):
            guard account.form.validate(sendAsTyped: sendAsTyped, policy: policy) else { return [] }
            return issue(.account(.modifySMS), Requests.certificationSMS(account.form.param(.phone)))
        case (.modifyPhone, .code):
            guard account.form.validate(sendAsTyped: sendAsTyped, policy: policy) else { return [] }
            return issue(.account(.modifyPhone), Requests.modifyPhoneNumber(code: account.form.param(.smsCode), phone: account.form.param(.phone)))
        case (.removeVehicle, .input):
            guard vehicles.indices.contains(account.selection) else { return [] }
            account.stage = .confirm
            account.message = "Remove the association of \(vehicles[account.selection].title)? This needs strong authentication."
            return []
        case (.removeVehicle, .confirm):
            guard vehicles.indices.contains(account.selection) else { return [] }
            return issue(.account(.removeVehicle), Requests.removeProperty(.string(vehicles[account.selection].vin)))
        case (_, .done):
            account = AccountManagement()
            return []
        default:
            return []
        }
    }

    mutating func resendAccountSMS() -> [Effect] {
        guard account.stage == .code else { return [] }
        account.form.clear([.smsCode])
        switch account.task {
        case .resetPIN: return issue(.account(.resetSMS), Requests.resetPINSMS)
        case .modifyPhone: return issue(.account(.modifySMS), Requests.certificationSMS(account.form.param(.phone)))
        default: return []
        }
    }

    mutating func accountAnswered(_ call: CallPurpose.AccountCall, _ planned: PlannedCall, _ r: PIMSResponse) -> [Effect] {
        if let error = r.error, call != .checkPhone || error.pimsCode != .noPhoneNumber {
            return accountFailed(call, error)
        }
        switch call {
        case .checkPhone:
            // D needs a trusted phone first (step 3), then this device enrolled (step 1).
            let phone = r.result?["phoneNumber"]?.stringValue
            if phone == nil {
                account.preconditionMet = false
                account.preconditionNote = "No trusted phone (step 3): D modifies an existing number; register one with the guided enrollment (4·2) first."
            }
            return issue(.account(.checkEnrolled), Requests.isDeviceActivated)
        case .checkEnrolled:
            let enrolled = r.result?["isDeviceActivated"]?.boolValue == true
            // B needs an enrollment on the account (R13), C and D on this device (R14, R15). Step 1
            // only sees this device; the simulator panel knows the account's other devices.
            let elsewhere = (simulator.account?.enrolledDevices ?? []).filter { $0 != config.device }
            let met = enrolled || (account.task == .resetPIN && !elsewhere.isEmpty)
            if account.preconditionMet != false { account.preconditionMet = met }
            if !enrolled {
                let why: String
                if account.task == .resetPIN && !elsewhere.isEmpty {
                    why = "This device is not enrolled (step 1), but \(elsewhere.joined(separator: ", ")) is: B needs an enrollment on the account, so it can go on."
                } else if account.task == .resetPIN {
                    why = "No device of the account is enrolled (step 1): B needs an active enrollment; enroll first, or remove all enrollments (A) and enroll again."
                } else {
                    why = "This device is not enrolled (step 1): \(account.task?.rawValue ?? "") needs this device enrolled; run the guided enrollment first."
                }
                account.preconditionNote = [account.preconditionNote, why].compactMap { $0 }.joined(separator: " ")
            }
            account.stage = .input
            switch account.task {
            case .resetPIN:
                account.form = Form([])
                account.message = "Press Enter to send a resetPIN SMS code to the trusted phone."
            case .updatePIN:
                account.form = Form([.oldPIN, .newPIN, .newPINConfirm])
                account.message = "Current PIN, then the new PIN twice."
            case .modifyPhone:
                account.form = Form([.phone])
                account.message = "The new phone number: a certification SMS is sent to it."
            default: break
            }
            return []
        case .removeAll:
            account.stage = .done
            account.message = "All enrollments removed (A): every device unenrolled, PIN removed. Enroll again with the guided enrollment (from step 3)."
            guided = GuidedEnrollment()
            return []
        case .resetSMS, .modifySMS:
            let phone = call == .resetSMS ? (simulator.account?.phone ?? guided.trustedPhone) : account.form[.phone]
            account.stage = .code
            if call == .resetSMS {
                let kept = account.form.has(.newPIN) ? [FieldID.newPIN: account.form[.newPIN], .newPINConfirm: account.form[.newPINConfirm]] : [:]
                account.form = Form([.smsCode, .newPIN, .newPINConfirm], values: kept, policy: policy)
                account.message = "A resetPIN SMS code was sent. Type it, then the new PIN twice."
            } else {
                account.form = Form([.phone, .smsCode], values: [.phone: account.form[.phone]], policy: policy)
                account.form.focus = 1
                account.message = "A certification SMS code was sent to \(account.form[.phone])."
            }
            return refreshInbox(phone)
        case .resetPIN:
            account.stage = .done
            account.message = "PIN reset (B). The enrollment continues at step 8 with the new PIN."
            return []
        case .updatePIN:
            account.stage = .done
            account.message = "PIN updated (C)."
            return []
        case .modifyPhone:
            account.stage = .done
            account.message = "Trusted phone changed to \(account.form[.phone]) (D)."
            return []
        case .removeVehicle:
            let vin = planned.request.params["vin"]?.stringValue ?? ""
            account.stage = .done
            account.message = "Vehicle \(vin) dissociated from the account (E)."
            if carKey.selectedVIN == vin { carKey = CarKeyFlow() }
            if steps.vin == vin { steps = StepsChecklist() }
            return []
        }
    }

    private mutating func accountFailed(_ call: CallPurpose.AccountCall, _ error: PIMSError) -> [Effect] {
        banner = .failure(error)
        switch (call, error.code) {
        case (.checkEnrolled, _), (.checkPhone, _):
            account.stage = .input
            account.preconditionNote = "The precondition check failed (\(error.code) \(error.label))."
            return []
        case (.updatePIN, 2308):
            account.form.clear([.oldPIN])
            account.message = "\(sentence(error.detail ?? "wrong PIN")). Type the current PIN again, or reset it (B)."
        case (_, 2317):
            account.message = "The account is blocked (2317): remove all enrollments (A)."
        case (_, 2305):
            account.message = "Wrong SMS code: type it again, or ask for a new one (^N)."
        case (_, 2306):
            account.form.clear([.smsCode])
            account.message = "The SMS code expired: ask for a new one (^N)."
        case (_, 2315):
            account.form.clear([.newPIN, .newPINConfirm])
            account.message = "The new PIN equals the current one: choose another."
        default:
            account.message = "\(error.code) \(error.label)"
        }
        return []
    }
}
