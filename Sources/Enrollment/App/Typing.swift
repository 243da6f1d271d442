import SimKernel

/// Typing goes to the form of the screen's feature, whichever it is.
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
}
