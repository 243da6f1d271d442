import Card
import PIMS

extension CardPhone {
    public enum Phase: Hashable, Sendable {
        /// The notifications.
        case inbox
        case opening
        /// The transaction's details, YES and NO.
        case details
        /// PIN or biometric.
        case choose
        case biometricPrompt
        case pin
        /// The new card's display name (auto enrollment).
        case displayName
        /// How it ended: approved (Y), rejected by the user (R), expired (U), declined (N), or an error.
        case approved, rejected, expired, declined, failed
    }

    public struct State: Hashable, Sendable {
        public var phase: Phase = .inbox
        /// The phone's notifications, newest last.
        public var notifications: [CardTransaction] = []
        public var selection = 0
        /// The simulated clock as last told (a push, the notifications read, the clock advanced).
        public var now: String?
        /// The newest push not opened yet: the app offers to open it on every screen.
        public var unread: String?
        public var transaction: CardTransaction?
        public var pinForm = Form([.cardPin])
        public var nameForm = Form([.displayName])
        public var attemptsLeft: Int?
        public var message: String?
        public var failure: CallError?
        /// The card set up by the auto enrollment.
        public var newCard: EnrolledCard?

        public init() {}

        public var selected: CardTransaction? { notifications.indices.contains(selection) ? notifications[selection] : nil }

        /// The open transaction is still waiting for the user.
        public var isDeciding: Bool { [.details, .choose, .biometricPrompt, .pin, .displayName].contains(phase) }

        var formPhase: WritableKeyPath<State, Form>? {
            switch phase {
            case .pin: \.pinForm
            case .displayName: \.nameForm
            default: nil
            }
        }
    }
}
