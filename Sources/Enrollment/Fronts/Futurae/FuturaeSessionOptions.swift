import Futurae
import PIMS

/// Futurae's device settings on the session screen (§4 of docs/futurae-rules.md): the SDK's lock type
/// and the app's Trusted Session Binding (biometrics are the device's, shared with the card app).
/// Kept in the session's options under Futurae's key; cycled by their keys (`FuturaeFront.settingKeys`).
public struct FuturaeSessionOptions: Hashable, Sendable {
    public var lockType: LockConfigurationType = .none
    public var sessionBinding = false
    public init() {}

    static let key = StateKey("futurae", empty: FuturaeSessionOptions())
}

extension SessionSetup.Option {
    public static let lockType = Self("lockType") { config in
        let all = LockConfigurationType.allCases
        config.lockType = all[((all.firstIndex(of: config.lockType) ?? 0) + 1) % all.count]
    }
    public static let sessionBinding = Self("sessionBinding") { $0.sessionBinding.toggle() }
}

extension SessionConfig {
    public var lockType: LockConfigurationType {
        get { options[FuturaeSessionOptions.key].lockType }
        set { options[FuturaeSessionOptions.key].lockType = newValue }
    }
    public var sessionBinding: Bool {
        get { options[FuturaeSessionOptions.key].sessionBinding }
        set { options[FuturaeSessionOptions.key].sessionBinding = newValue }
    }
}
