import PIMS

/// PIMS's simulated phone as the app reads it: the inbox, the SMS the prompt on screen waits for
/// (a flow that `AwaitsSMS`), autofill from it, and the number as the phone writes it.
public protocol AwaitsSMS: Feature {
    /// The kind of SMS the prompt on screen waits for (the simulated phone and autofill pick by it).
    static func awaitedSMS(_ state: State) -> SMSPurpose?
}

extension AwaitsSMS {
    static func awaitedSMS(in state: any Sendable) -> SMSPurpose? { (state as? State).flatMap(awaitedSMS) }
}

extension AppState {
    /// The SMS inbox the current prompt reads codes from.
    public var inbox: PhoneInbox? { simulator.inbox }

    /// The vehicles of the account, as the simulator reported them.
    public var vehicles: [AccountSnapshot.Vehicle] { simulator.account?.vehicles ?? [] }

    /// What kind of SMS the prompt on screen waits for (autofill and the phone pane pick by it).
    public var expectedSMSPurpose: SMSPurpose? { awaitedSMSPurpose }

    /// The SMS the simulated phone shows beside a code prompt, with its state (live with its
    /// remaining simulated seconds, consumed, burnt, replaced, expired); nil when no code prompt is on screen.
    public var smsOnPhone: (message: PhoneInbox.Message, state: PhoneInbox.CodeState)? {
        guard activeForm?.has(.smsCode) == true, let inbox = simulator.inbox,
              let m = inbox.newest(for: expectedSMSPurpose) else { return nil }
        return (m, inbox.state(m))
    }

    private var awaitedSMSPurpose: SMSPurpose? {
        let scope = route.scope
        guard let feature = scope.feature as? any AwaitsSMS.Type else { return nil }
        return feature.awaitedSMS(in: scope.anyState(self))
    }

    /// The number as the phone on screen writes it, when the SMS is for that phone (both forms of
    /// a number are one phone).
    func phoneShown(_ phone: String?) -> String? {
        guard let phone, let shown = simulator.inbox?.phone, PhoneNumber(shown) == PhoneNumber(phone) else { return phone }
        return shown
    }

    /// Types the newest code of the simulated phone into the prompt's code field.
    mutating func autofillCode() {
        guard let inbox = simulator.inbox else {
            notice = .info("The simulated phone has no SMS yet.")
            return
        }
        let purpose = expectedSMSPurpose
        guard let message = inbox.newest(for: purpose) else {
            notice = .info("No \(purpose?.rawValue ?? "") SMS on \(inbox.phone) yet.")
            return
        }
        if activeForm?.fields.first(where: { $0.id == .smsCode })?.value == message.code {
            // Typed already: said, so the key is not one that does nothing.
            notice = .info("\(message.code), the newest code on \(inbox.phone), is typed already.")
            return
        }
        let policy = session.policy
        editActiveForm { form in
            form.set(.smsCode, message.code, policy: policy)
            if let i = form.fields.firstIndex(where: { $0.id == .smsCode }) {
                form.focus = form.fields.indices.contains(i + 1) ? i + 1 : i
            }
        }
    }
}
