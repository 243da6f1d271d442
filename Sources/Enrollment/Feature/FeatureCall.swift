import SimKernel

/// A call or control of a feature: which feature, and which of its calls (`F.Call`) or controls
/// (`F.Control`). The answer comes back to that feature's `answered`/`controlAnswered`, as a message
/// comes to its scope: no list of features is written where answers are routed.
public struct FeatureCall: Hashable, Sendable, CustomStringConvertible {
    public let feature: ObjectIdentifier
    public let call: ErasedValue
    /// The flow step, as the API log shows it.
    public let stepLabel: String

    public init<F: Feature>(_ feature: F.Type, _ call: F.Call) {
        self.feature = ObjectIdentifier(feature)
        self.call = ErasedValue(call)
        stepLabel = F.stepLabel(call)
    }

    public init<F: Feature>(_ feature: F.Type, control: F.Control) {
        self.feature = ObjectIdentifier(feature)
        self.call = ErasedValue(control)
        stepLabel = "\(F.title) · \(control)"
    }

    /// The call, when it is `F`'s.
    public func call<F: Feature>(of feature: F.Type) -> F.Call? {
        self.feature == ObjectIdentifier(feature) ? call.value as? F.Call : nil
    }

    /// The control, when it is `F`'s.
    public func control<F: Feature>(of feature: F.Type) -> F.Control? {
        self.feature == ObjectIdentifier(feature) ? call.value as? F.Control : nil
    }

    public var description: String { stepLabel }
}

extension Feature {
    /// The purpose of one of this feature's calls.
    public static func purpose(_ call: Call) -> CallPurpose { CallPurpose(FeatureCall(Self.self, call)) }
    /// The purpose of one of this feature's controls.
    public static func controlPurpose(_ control: Control) -> ControlPurpose { ControlPurpose(FeatureCall(Self.self, control: control)) }
}
