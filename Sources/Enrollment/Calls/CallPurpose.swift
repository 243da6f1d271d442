/// Why a call is made: which feature and which of its calls. The effect carries it and the answer
/// brings it back to that feature (`Features.scope(of:)`); the API log shows `stepLabel` beside the
/// call. Each feature names its own purposes beside its registration (`.guided(.checkCode)` is
/// `GuidedEnrollment.purpose(.checkCode)`).
public struct CallPurpose: Hashable, Sendable, CustomStringConvertible {
    public let call: FeatureCall

    public init(_ call: FeatureCall) { self.call = call }

    /// The flow step a call belongs to, as the API log shows it.
    public var stepLabel: String { call.stepLabel }

    /// The call, when it is `F`'s.
    public func call<F: Feature>(of feature: F.Type) -> F.Call? { call.call(of: feature) }

    public var description: String { stepLabel }
}

/// Why a simulator control is made; the effect carries it and the answer brings it back to the
/// feature it names.
public struct ControlPurpose: Hashable, Sendable, CustomStringConvertible {
    public let control: FeatureCall

    public init(_ control: FeatureCall) { self.control = control }

    public var description: String { control.stepLabel }
}
