import Futurae
import PIMS

/// The device's accounts (F3), the SDK's lock and unlock by SDK PIN or the simulated biometric
/// prompt (F4, F5), logout and delete (F6), and the archived device after too many wrong PINs (F7).
public enum FuturaeAccounts: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Futurae accounts"
    public static let summary = "The accounts on this device; lock, unlock (SDK PIN or biometrics), logout, delete."
    public static let menuLine = "Accounts, lock and unlock, logout, delete"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened: return [.call(.futuraeAccounts(.accounts), FuturaeRequests.accounts)]
        case .refresh:
            // `g` says what the read found, changed or not (the banner), unlike the read on opening.
            state.rereading = true
            return [.call(.futuraeAccounts(.accounts), FuturaeRequests.accounts)]
        case .readDevice: return [.control(.futuraeAccounts, .futuraeDevice(session: shared.config.sessionName))]
        case .deviceRead(let answer):
            guard answer.ok else { return [] }
            let read = SDKLockRead(answer)
            if read.locked { state.lock = .locked }
            else if let until = read.unlockedUntil { state.lock = .unlocked(until: until) }
            if read.archived { state.archived = true }
            return []
        case .moveSelection(let delta):
            guard state.phase == .list else { return [] }
            state.selection = state.accounts.isEmpty ? 0 : min(max(state.selection + delta, 0), state.accounts.count - 1)
            return []
        case .submit:
            switch state.phase {
            case .pin:
                guard state.pinForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
                // The prompt stays open until the answer: a wrong PIN is typed again there.
                return [.call(.futuraeAccounts(.unlockPIN), FuturaeRequests.unlock(sdkPin: state.pinForm[.sdkPin]))]
            case .confirm(let task):
                state.phase = .list
                switch task {
                case .logout(let a): return [.call(.futuraeAccounts(.logout), FuturaeRequests.logout(userId: a.userId))]
                case .delete(let a): return [.call(.futuraeAccounts(.delete), FuturaeRequests.delete(userId: a.userId))]
                }
            case .list, .biometricPrompt: return []
            }
        case .cancel:
            guard state.phase == .list else {
                state.phase = .list
                return []
            }
            return [.back]
        case .lock: return [.call(.futuraeAccounts(.lock), FuturaeRequests.lock)]
        case .askPIN:
            state.pinForm.clear([.sdkPin])
            state.phase = .pin
            return []
        case .askBiometrics:
            state.phase = .biometricPrompt
            return []
        case .biometric(let outcome):
            state.phase = .list
            return [.call(.futuraeAccounts(.unlockBiometrics), FuturaeRequests.unlock(biometrics: outcome))]
        case .logout:
            guard let a = state.selected else { return [] }
            state.phase = .confirm(.logout(a))
            return []
        case .delete:
            guard let a = state.selected else { return [] }
            state.phase = .confirm(.delete(a))
            return []
        case .enrollAnother: return [.delegate(.enroll)]
        case .answered(let call, let response): return state.answered(call, response)
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let c = shared.config
        let listing = s.phase == .list
        let has = s.selected != nil
        return KeyBinding.select(when: listing && s.accounts.count > 1) + [
            KeyBinding(.letter("u"), "unlock PIN", "Unlock the SDK with its SDK PIN (futurae.unlock).", .askPIN, when: listing && c.lockType.usesSDKPin),
            KeyBinding(.letter("b"), "biometrics", "Unlock with the simulated fingerprint or face prompt.", .askBiometrics, when: listing && c.lockType.locks),
            KeyBinding(.letter("l"), "lock", "Lock the SDK now (futurae.lock).", .lock, when: listing && c.lockType.locks),
            KeyBinding(.letter("o"), "logout", "Log the selected account out (the server is told).", .logout, when: listing && has),
            KeyBinding(.letter("d"), "delete", "Delete the selected account from this device only.", .delete, when: listing && has),
            KeyBinding(.letter("g"), "reload", "Read the accounts again (futurae.accounts).", .refresh, when: listing),
            KeyBinding(.letter("n"), "enroll", "Enroll another account.", .enrollAnother, when: listing),
            .enter("unlock", "Send the SDK PIN.", when: s.phase == .pin),
            KeyBinding(.letter("s"), "success", "The fingerprint or face is recognised.", .biometric(.success), when: s.phase == .biometricPrompt),
            KeyBinding(.letter("f"), "failure", "The fingerprint or face is not recognised.", .biometric(.failure), when: s.phase == .biometricPrompt),
            KeyBinding(.letter("c"), "cancel", "The user cancels the prompt.", .biometric(.cancel), when: s.phase == .biometricPrompt),
            .escape("close", "Close the prompt without a call.", when: !listing),
            .back(when: listing),
        ]
    }

    public static func form(_ state: State) -> Form? { state.phase == .pin ? state.pinForm : nil }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        if state.phase == .pin { edit(&state.pinForm) }
    }
    public static func confirmation(_ state: State, _ shared: Shared) -> Confirmation? {
        guard case .confirm(let task) = state.phase else { return nil }
        switch task {
        case .logout(let a): return Confirmation("Log out \(a.username)?", "The account leaves this device and the server is told (F6).")
        case .delete(let a): return Confirmation("Delete \(a.username)?", "The account is removed from this device only; the server still lists it (F6).")
        }
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func futuraeAccounts(_ action: FuturaeAccounts.Action) -> Action { FuturaeAccounts.message(action) }
}
