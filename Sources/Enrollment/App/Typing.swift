import PIMS

/// Typing goes to the form of the screen's feature, whichever it is; autofill reads the simulated
/// phone for the SMS that form waits for.
extension AppState {
    mutating func type(_ c: Character) {
        guard editingField != nil else { return }
        let (asTyped, policy) = (sendAsTyped, session.policy)
        editActiveForm { $0.type(c, sendAsTyped: asTyped, policy: policy) }
    }

    mutating func backspace() {
        guard editingField != nil else { return }
        let policy = session.policy
        editActiveForm { $0.backspace(policy: policy) }
    }

    /// Applies `edit` to the form typed keys go to on this screen.
    mutating func editActiveForm(_ edit: (inout Form) -> Void) {
        route.scope.editForm(&self, edit)
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
        let policy = session.policy
        editActiveForm { form in
            form.set(.smsCode, message.code, policy: policy)
            if let i = form.fields.firstIndex(where: { $0.id == .smsCode }) {
                form.focus = form.fields.indices.contains(i + 1) ? i + 1 : i
            }
        }
    }
}
