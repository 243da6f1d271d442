import Futurae
import PIMS

/// The answers: the list, the lock, the unlocks (wrong PINs count down to the archived device), and
/// logout and delete (then the list again).
extension FuturaeAccounts.State {
    mutating func answered(_ call: FuturaeAccounts.Call, _ response: CallResponse) -> [FuturaeAccounts.Out] {
        let reread = call == .accounts && rereading
        if call == .accounts { rereading = false }
        if let error = response.error {
            let known = FuturaeError(error)
            if known == .incorrectPinArchivedDevice || known == .deviceArchived { archived = true }
            // A failed prompt says the SDK is locked; an archived device is locked for good.
            if known == .locked || archived { lock = .locked }
            pinAttemptsLeft = UnlockResult.pinAttemptsLeft(response.result) ?? (known == .incorrectPinArchivedDevice ? 0 : pinAttemptsLeft)
            message = known.map { "\($0.name): \($0.whatToDo)" } ?? error.label
            // The archived device's accounts are all locked out (F4); reading them again would
            // clear the error from the screen, so they are marked here.
            if archived { for i in accounts.indices { accounts[i].lockedOut = true } }
            if call == .unlockPIN, known == .incorrectPin, phase == .pin {
                // Another try at the prompt, which says how many are left.
                pinForm.clear([.sdkPin])
                let left = pinAttemptsLeft.map { "\($0) attempt\($0 == 1 ? "" : "s") left before the device is archived" }
                pinForm.error = "Wrong SDK PIN" + (left.map { ": \($0)" } ?? "") + "."
                message = nil
            } else if call == .unlockPIN {
                phase = .list
            }
            return [.notice(.futurae(error))]
        }
        switch call {
        case .accounts:
            let before = accounts
            accounts = FuturaeAccount.list(response.result)
            selection = min(selection, max(accounts.count - 1, 0))
            if accounts.contains(where: \.lockedOut) { archived = true }
            guard reread else { return [] }
            let count = "\(accounts.count) account\(accounts.count == 1 ? "" : "s") on this device"
            return [.notice(.info(accounts == before ? "Up to date: nothing changed (\(count))." : "Read again: \(count)."))]
        case .lock:
            lock = .locked
            message = "Locked: protected calls answer SDKLockError 3 until an unlock."
            return [.notice(.info("The SDK is locked."))]
        case .unlockPIN, .unlockBiometrics:
            if call == .unlockPIN { phase = .list }
            let until = UnlockResult.unlockedUntil(response.result) ?? "–"
            lock = .unlocked(until: until)
            pinAttemptsLeft = nil
            message = "Unlocked until \(until) (simulated clock)."
            return [.notice(.success("Unlocked until \(until)."))]
        case .logout, .delete:
            message = call == .logout ? "Logged out: the server no longer lists this device for the user." : "Deleted from this device only."
            return [.call(.futuraeAccounts(.accounts), FuturaeRequests.accounts)]
        }
    }
}
