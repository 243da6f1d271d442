/// A feature's own action as the app carries it (`Action.feature`): which feature, and its action.
/// The app routes it by the feature's identity to the one scope registered for it
/// (`Features.all`), so no list of features is written where actions are routed.
public struct FeatureMessage: Hashable, Sendable, CustomStringConvertible {
    /// The feature (its type's identity).
    public let feature: ObjectIdentifier
    public let action: any FeatureAction

    public init<F: Feature>(_ feature: F.Type, _ action: F.Action) {
        self.feature = ObjectIdentifier(feature)
        self.action = action
    }

    /// The action, when it is `F`'s (the Composable Architecture's case path, by the feature's type).
    public func action<F: Feature>(of feature: F.Type) -> F.Action? {
        self.feature == ObjectIdentifier(feature) ? action as? F.Action : nil
    }

    public static func == (a: Self, b: Self) -> Bool { a.feature == b.feature && a.action.isEqual(to: b.action) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(feature)
        action.hash(into: &hasher)
    }

    public var description: String { "\(action)" }
}

extension FeatureAction {
    func isEqual(to other: any FeatureAction) -> Bool { (other as? Self) == self }
}

extension Feature {
    /// One of this feature's actions as the app's (`.guided(.submit)` is `GuidedEnrollment.message(.submit)`).
    public static func message(_ action: Action) -> Enrollment.Action { .feature(FeatureMessage(Self.self, action)) }
}
