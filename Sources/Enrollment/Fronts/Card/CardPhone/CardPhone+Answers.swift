import Card
import PIMS

/// The answers of the transaction screen: the details (C2), NO (C4), the PIN and the biometric
/// prompt (C5, C6, C8), the new card's name (C7); and the phone's notifications.
extension CardPhone.State {
    typealias Out = CardPhone.Out

    mutating func answered(_ call: CardPhone.Call, _ response: CallResponse, session sessionName: String) -> [Out] {
        if let error = response.error { return failed(call, error, response.result) }
        switch call {
        case .open, .refresh:
            guard let t = CardTransaction(response.result) else { return [] }
            transaction = t
            if unread == t.transactionId { unread = nil }
            if call == .open {
                attemptsLeft = nil
                message = nil
                // A notification of a purchase already answered shows how it ended, not YES and NO.
                phase = switch t.knownStatus {
                case .approved: .approved
                case .rejected: .rejected
                case .declined: .declined
                default: .details
                }
            }
            return []
        case .types:
            // The enabled types replace the transaction's: with biometrics too, the user chooses.
            transaction?.types = CardResult.enabledTypes(response.result)
            if transaction?.offersBiometric == true {
                phase = .choose
            } else {
                pinForm.clear([.cardPin])
                phase = .pin
            }
            return []
        case .cancel:
            phase = .rejected
            message = "You said NO: the purchase is rejected (3-D Secure R); no card changed."
            return [.notice(.info("Purchase rejected."))]
        case .verifyPIN, .biometric:
            nameForm.clear([.displayName])
            phase = .displayName
            message = "Verified. Name the new card \(transaction?.card ?? "") to set it up on this phone."
            return []
        case .autoEnroll:
            newCard = EnrolledCard.named(in: response.result)
            phase = .approved
            message = "The new card \(newCard?.card ?? "") is set up as \"\(newCard?.displayName ?? "")\"."
            return [.notice(.success("Transaction approved: \(transaction?.merchant ?? "") · \(transaction?.amount ?? "").")),
                    .control(.cardPhone(.pushes), .casaPushes(session: sessionName))]
        case .authenticate:
            phase = .approved
            message = "PIN verified: the purchase is approved (3-D Secure Y)."
            return [.notice(.success("Transaction approved: \(transaction?.merchant ?? "") · \(transaction?.amount ?? "").")),
                    .control(.cardPhone(.pushes), .casaPushes(session: sessionName))]
        }
    }

    private mutating func failed(_ call: CardPhone.Call, _ error: CallError, _ result: JSONValue?) -> [Out] {
        let known = CardError(error)
        message = nil
        switch known {
        case .transactionExpired:
            phase = .expired
            if var t = transaction { t.secondsLeft = 0; t.status = TransactionStatus.expired.rawValue; transaction = t }
            message = "The purchase expired on the simulated clock (3-D Secure U): pay again at the shop."
        case .invalidPIN:
            attemptsLeft = CardResult.attemptsLeft(result)
            pinForm.clear([.cardPin])
            let left = attemptsLeft ?? 0
            message = "Wrong PIN: \(left) attempt\(left == 1 ? "" : "s") left."
        case .attemptsExhausted:
            attemptsLeft = 0
            phase = .declined
            message = "No attempts left: the PIN is locked and the purchase declined (3-D Secure N)."
        case .biometricFailed:
            message = "Not recognised: try again, fall back to the PIN, or cancel."
        case .biometricFallback:
            pinForm.clear([.cardPin])
            phase = .pin
            message = "Enter the PIN instead."
        case .biometricCancelled:
            phase = .choose
            message = "Cancelled: the purchase is still waiting."
        case .invalidParameter where call == .autoEnroll:
            message = error.detail ?? error.label
        default:
            if call == .refresh { return [.notice(.card(error))] }
            failure = error
            phase = .failed
        }
        return [.notice(.card(error))]
    }

    /// The phone's notifications (`casa.pushes`) and the clock advanced.
    mutating func controlAnswered(_ control: CardPhone.Control, _ answer: SimAnswer, session sessionName: String) -> [Out] {
        guard answer.ok else {
            return [.notice(Notice(kind: .error, label: "The simulator refused: \(answer.error ?? "failed")", advice: "See the API log."))]
        }
        switch control {
        case .pushes, .reread:
            let before = notifications
            notifications = CardTransaction.pushes(answer)
            now = answer.now ?? now
            selection = max(0, min(selection, notifications.count - 1))
            if notifications.isEmpty { selection = 0 }
            guard control == .reread else { return [] }
            // Asked for: say what the read found, even when it is nothing new.
            let count = "\(notifications.count) notification\(notifications.count == 1 ? "" : "s")"
            return [.notice(.info(before == notifications ? "Notifications read again: nothing changed (\(count))."
                                                           : "Notifications read again: \(count), updated."))]
        case .advance:
            now = answer.now ?? now
            let passed = Notice.info("\(CardPhone.waitSeconds / 60) minute of simulated time passed: now \(now ?? "?").")
            // The open transaction's countdown is the server's: read it again (past its expiry, C2 says so).
            if isDeciding, let t = transaction { return [.notice(passed), .call(.cardPhone(.refresh), CardRequests.transaction(t.transactionId))] }
            return [.notice(passed), .control(.cardPhone(.pushes), .casaPushes(session: sessionName))]
        }
    }
}
