import PIMS

/// What each answer means for the task: preconditions found, codes sent, tasks done or failed.
extension AccountManagement.State {
    mutating func answered(_ call: AccountManagement.Call, _ r: CallResponse, _ shared: Shared) -> [Out] {
        // The panel's logout is no task of this screen: its answer is in the API log, a failure said.
        if call == .logout { return r.error.map { [.notice(.failure($0))] } ?? [] }
        if let error = r.error, call != .checkPhone || error.pimsCode != .noPhoneNumber {
            // The phone shows the code's state after each check (its checks used, burnt, expired).
            let checkedCode = error.pimsCode == .smsCodeInvalid || error.pimsCode == .smsCodeExpired
            return failed(call, error) + (checkedCode ? [.refreshInbox(call == .modifyPhone ? form[.phone] : shared.trustedPhone)] : [])
        }
        switch call {
        case .checkPhone:
            // D needs a trusted phone first (step 3), then this device enrolled (step 1).
            let phone = PIMSAnswer.trustedPhone(r.result)
            if phone == nil {
                preconditionMet = false
                preconditionNote = "No trusted phone (step 3): D modifies an existing number; register one with the guided enrollment (4·2) first."
            }
            return [.call(.account(.checkEnrolled), PIMSRequests.isDeviceActivated)]
        case .checkEnrolled:
            checkedEnrollment(PIMSAnswer.isDeviceActivated(r.result), shared)
            return []
        case .removeAll:
            stage = .done
            message = "All enrollments removed (A): every device unenrolled, PIN removed. Enroll again with the guided enrollment (from step 3)."
            return [.delegate(.enrollmentsRemoved)]
        case .resetSMS, .modifySMS:
            let phone = call == .resetSMS ? shared.trustedPhone : form[.phone]
            stage = .code
            if call == .resetSMS {
                let kept = form.has(.newPIN) ? [FieldID.newPIN: form[.newPIN], .newPINConfirm: form[.newPINConfirm]] : [:]
                form = Form([.smsCode, .newPIN, .newPINConfirm], values: kept, policy: shared.policy)
                message = "A resetPIN SMS code was sent. Type it, then the new PIN twice."
            } else {
                form = Form([.phone, .smsCode], values: [.phone: form[.phone]], policy: shared.policy)
                form.focus = 1
                message = "A certification SMS code was sent to \(form[.phone])."
            }
            return [.refreshInbox(phone)]
        case .resetPIN:
            stage = .done
            // No step 8 follows here: the guided enrollment asks for the new PIN when it reaches it.
            message = "PIN reset (B): the new PIN is in force and its failures are back to 0."
            return []
        case .updatePIN:
            stage = .done
            message = "PIN updated (C)."
            return []
        case .modifyPhone:
            stage = .done
            message = "Trusted phone changed to \(form[.phone]) (D)."
            return []
        case .removeVehicle(let vin):
            stage = .done
            message = "Vehicle \(vin) dissociated from the account (E)."
            return [.delegate(.vehicleRemoved(vin: vin))]
        case .logout:
            return []
        }
    }

    /// Step 1's answer: B needs an enrollment on the account (R13), C and D on this device (R14,
    /// R15). Step 1 only sees this device; the simulator panel knows the account's other devices.
    private mutating func checkedEnrollment(_ enrolled: Bool, _ shared: Shared) {
        let elsewhere = (shared.account?.enrolledDevices ?? []).filter { $0 != shared.config.device }
        let met = enrolled || (task == .resetPIN && !elsewhere.isEmpty)
        if preconditionMet != false { preconditionMet = met }
        if !enrolled {
            let why: String
            if task == .resetPIN && !elsewhere.isEmpty {
                why = "This device is not enrolled (step 1), but \(elsewhere.joined(separator: ", ")) is: B needs an enrollment on the account, so it can go on."
            } else if task == .resetPIN {
                why = "No device of the account is enrolled (step 1): B needs an active enrollment; enroll first, or remove all enrollments (A) and enroll again."
            } else {
                why = "This device is not enrolled (step 1): \(task?.rawValue ?? "") needs this device enrolled; run the guided enrollment first."
            }
            preconditionNote = [preconditionNote, why].compactMap { $0 }.joined(separator: " ")
        }
        stage = .input
        switch task {
        case .resetPIN:
            form = Form([])
            message = "Press Enter to send a resetPIN SMS code to the trusted phone."
        case .updatePIN:
            form = Form([.oldPIN, .newPIN, .newPINConfirm])
            message = "Current PIN, then the new PIN twice."
        case .modifyPhone:
            form = Form([.phone])
            message = "The new phone number: a certification SMS is sent to it."
        case .removeAll, .removeVehicle, nil:
            break
        }
    }

    private mutating func failed(_ call: AccountManagement.Call, _ error: PIMSError) -> [Out] {
        // E refused (a VIN not of the account, 2323; malformed, 2102): back to the vehicle choice.
        if call.isRemoveVehicle && stage == .confirm { stage = .input }
        switch (call, error.pimsCode) {
        case (.checkEnrolled, _), (.checkPhone, _):
            stage = .input
            preconditionNote = "The precondition check failed (\(error.code) \(error.label))."
        case (.updatePIN, .accessRefused):
            form.clear([.oldPIN])
            message = "\(sentence(error.detail ?? "wrong PIN")). Type the current PIN again, or reset it (B)."
        case (_, .forbiddenOperation):
            message = "The account is blocked (2317): remove all enrollments (A)."
        case (_, .smsCodeInvalid) where error.isBurntSMSCode:
            form.clear([.smsCode])
            message = "The SMS code is burnt (its checks are used up): ask for a new one (^N)."
            return [.notice(.failure(error, advice: "This code can no longer be used: press ^N for a new SMS code."))]
        case (_, .smsCodeInvalid):
            message = "Wrong SMS code: type it again, or ask for a new one (^N)."
        case (_, .smsCodeExpired):
            form.clear([.smsCode])
            message = "The SMS code expired: ask for a new one (^N)."
        case (_, .newPINEqualsPrevious):
            form.clear([.newPIN, .newPINConfirm])
            message = "The new PIN equals the current one: choose another."
        default:
            message = "\(error.code) \(error.label)"
        }
        return [.notice(.failure(error))]
    }
}
