import PIMS

/// What the app does with what the card app's flows report. Their registrations
/// (`CardFeatures.swift`) name these.
extension AppState {
    mutating func cardPhoneReported(_ delegate: CardPhone.Delegate) -> [Effect] {
        switch delegate {
        case .show:
            // The push opened from another screen: the phone comes to the front.
            route = .card
            return []
        }
    }
}
