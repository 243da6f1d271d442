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

/// Their walk-header fields are the front's own (`FuturaeFront.walkFields`: under `futurae`, with the
/// device's biometrics).
extension SessionSetup.Option {
    public static let lockType = Self("lockType", \.lockType, values: LockConfigurationType.allCases,
                                      flag: Flag("lock-type", help: "the SDK's lock configuration type"))
    public static let sessionBinding = Self("sessionBinding", \.sessionBinding,
                                            flag: Flag("session-binding", help: "the app's Trusted Session Binding, which asks for a binding token"))
}

extension FuturaeFront {
    public static let sessionOptions: [SessionSetup.Option] = [.lockType, .sessionBinding]
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
