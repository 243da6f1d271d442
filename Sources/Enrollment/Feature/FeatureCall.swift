import SimKernel

/// A call or control of a feature that has no case of its own in `CallPurpose`/`ControlPurpose` (a
/// feature registered from outside the module): which feature, and which of its calls. The answer
/// comes back to that feature's `answered`/`controlAnswered`, as a message comes to its scope.
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

    /// The call, when it is `F`'s.
    public func call<F: Feature>(of feature: F.Type) -> F.Call? {
        self.feature == ObjectIdentifier(feature) ? call.value as? F.Call : nil
    }

    public var description: String { stepLabel }
}

extension Feature {
    /// The purpose of one of this feature's calls, when it has no case of its own in `CallPurpose`.
    public static func purpose(_ call: Call) -> CallPurpose { .feature(FeatureCall(Self.self, call)) }
    /// The purpose of one of this feature's controls.
    public static func controlPurpose(_ call: Call) -> ControlPurpose { .feature(FeatureCall(Self.self, call)) }
}
