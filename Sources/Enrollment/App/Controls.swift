import SimKernel

/// Simulator controls: each effect carries its purpose, and the answer goes to the feature it names.
extension AppState {
    mutating func control(_ purpose: ControlPurpose, _ control: SimControl) -> [Effect] {
        [.control(takeID(), control, purpose: purpose)]
    }

    mutating func controlAnswered(_ answer: SimAnswer, _ purpose: ControlPurpose) -> [Effect] {
        Features.scope(of: purpose.control.feature)?.controlAnswered(purpose.control, answer, &self) ?? []
    }
}
