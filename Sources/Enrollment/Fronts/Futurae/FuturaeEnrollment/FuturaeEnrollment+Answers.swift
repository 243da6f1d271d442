import Futurae
import PIMS

/// The back office's activation, the accounts read, and `futurae.enroll`'s answer.
extension FuturaeEnrollment.State {
    mutating func activationCreated(_ answer: SimAnswer, _ shared: Shared) -> [Out] {
        guard phase == .creatingActivation else { return [] }
        guard answer.ok, let activation = BackOfficeActivation(.object(answer.fields)) else {
            phase = .choose
            let noUsers = answer.error?.contains(FuturaeWorld.noUsers) == true
            return [.notice(Notice(kind: .error, label: "The back office could not create the activation.", detail: answer.error,
                                   advice: noUsers ? Self.noFuturaeUsersAdvice : "Check the username on the session screen (a user of the service)."))]
        }
        pending.append(activation)
        return use(activation, shared)
    }

    /// The world is another system's (a PIMS or card scenario): which scenarios have Futurae's part.
    static let noFuturaeUsersAdvice = "Load a scenario with Futurae users (futurae-fresh, futurae-enrolled, team): type its name "
        + "in the simulator panel's Scenario field (F8), then n (on a team server, for everyone); or start enrollsim --scenario futurae-fresh."

    /// A pending activation of the session's user that the method can use: a shortcode needs one,
    /// and the binding is the app's.
    func pendingActivation(for method: FuturaeEnrollment.Method, _ config: SessionConfig) -> BackOfficeActivation? {
        pending.last { a in
            a.username == config.username && (method != .shortCode || a.shortCode != nil)
                && (a.bindingToken != nil) == config.sessionBinding
        }
    }

    /// The phone goes on with this activation: scans it, types its shortcode, or is handed it.
    mutating func use(_ activation: BackOfficeActivation, _ shared: Shared) -> [Out] {
        self.activation = activation
        switch method ?? .qrCode {
        case .qrCode:
            phase = .scanQR
            return []
        case .shortCode:
            phase = .typeShortCode
            return []
        case .silent:
            scanned = activation.qrCode
            return next(after: .scanQR, shared)
        }
    }

    mutating func answered(_ call: FuturaeEnrollment.Call, _ response: CallResponse, _ shared: Shared) -> [Out] {
        switch call {
        case .unlockPIN, .unlockBiometrics:
            return unlockAnswered(call, response, shared)
        case .qrCodeType:
            return qrCodeTypeAnswered(response, shared)
        case .accounts:
            // An SDK instance with an account under an SDK PIN lock type has its PIN (F2.9 set it).
            if response.error == nil { pinSet = !FuturaeAccount.list(response.result).isEmpty }
            return []
        case .enroll:
            if let error = response.error {
                phase = .failed
                failure = error
                // Unknown, expired or used: the back office's copy is no longer pending.
                if FuturaeError(error) == .activationCodeNotFound { pending.removeAll { $0.qrCode == activation?.qrCode } }
                return [.notice(.futurae(error))]
            }
            guard let account = FuturaeAccount.enrolled(response.result) else { return [] }
            phase = .enrolled
            self.account = account
            pending.removeAll { $0.qrCode == activation?.qrCode }
            if askedPIN { pinSet = true }
            return [.notice(.success("Enrolled: \(account.username) at \(account.serviceName).")), .delegate(.enrolled(account))]
        }
    }

    /// F1's answer for the typed payload: an activation code goes on to the enrollment; any other
    /// kind stays on the prompt, which says what it is (send as typed sends it to enroll anyway).
    private mutating func qrCodeTypeAnswered(_ response: CallResponse, _ shared: Shared) -> [Out] {
        guard phase == .typePayload else { return [] }
        if let error = response.error { return [.notice(.futurae(error))] }
        let kind = QRCodeType(answer: response.result)
        guard kind == .enrollment else {
            payloadForm.error = "\(FuturaeAPI.qrCodeType.name) says \(kind.rawValue): not an activation QR code; send as typed (^X) sends it to \(FuturaeAPI.enroll.name) anyway"
            return []
        }
        scanned = payloadForm[.qrPayload]
        return next(after: .scanQR, shared)
    }

    /// The unlock after SDKLockError 3: unlocked, the enroll goes again; a wrong PIN is typed again at
    /// the prompt; the last wrong PIN archives the device (F4), which ends the enrollment.
    private mutating func unlockAnswered(_ call: FuturaeEnrollment.Call, _ response: CallResponse, _ shared: Shared) -> [Out] {
        guard let error = response.error else {
            let until = UnlockResult.unlockedUntil(response.result) ?? "–"
            return [.notice(.success("Unlocked until \(until): enrolling again."))] + enroll(shared)
        }
        let known = FuturaeError(error)
        if call == .unlockPIN, known == .incorrectPin {
            unlockForm.clear([.sdkPin])
            let left = UnlockResult.pinAttemptsLeft(response.result)
            unlockForm.error = "Wrong SDK PIN" + (left.map { ": \($0) attempt\($0 == 1 ? "" : "s") left before the device is archived" } ?? "") + "."
            phase = .unlockPIN
            return [.notice(.futurae(error))]
        }
        if known == .locked {
            // The biometric prompt failed or was cancelled: still locked, the enroll's error stands.
            phase = .failed
            return [.notice(.futurae(error))]
        }
        phase = .failed
        failure = error
        return [.notice(.futurae(error))]
    }
}
