import PIMS

/// PIMS's options on the session screen: the platform (iOS sends the SMS code at steps 7/8), the
/// SDK version, the spec variant. Kept in the session's options under PIMS's key; cycled by their
/// keys (`PIMSFront.settingKeys`).
public struct PIMSSessionOptions: Hashable, Sendable {
    public var platform: Platform = .ios
    public var sdk: SDKVersion = .v2_3
    public var variant: SpecVariant = .tutorial
    public init() {}

    static let key = StateKey("pims", empty: PIMSSessionOptions())
}

/// Each option's flag and walk-header field are named as the option (`--platform`, `"platform"`:
/// the header's spelling since walks were first recorded).
extension SessionSetup.Option {
    public static let platform = Self("platform", \.platform, values: Platform.allCases,
                                      flag: Flag("platform", help: "the platform: iOS sends the SMS code at steps 7/8, Android does not"),
                                      walkField: "platform")
    public static let sdk = Self("sdk", \.sdk, values: SDKVersion.supported, spell: { $0.description }, parse: { SDKVersion($0) },
                                 flag: Flag("sdk", help: "the SDK version: the shortcut 4·1 needs 2.1"), walkField: "sdk")
    public static let variant = Self("variant", \.variant, values: SpecVariant.allCases,
                                     flag: Flag("variant", help: "the spec variant: the tutorials' or the API reference's reading"),
                                     walkField: "variant")
}

extension PIMSFront {
    public static let sessionOptions: [SessionSetup.Option] = [.platform, .sdk, .variant]
}

extension SessionConfig {
    public init(backend: BackendChoice = .inProcess(scenario: "fresh"), username: String = "alice@example.com",
                password: String = "alice-pass", device: String = "alice-iphone", platform: Platform = .ios,
                sdk: SDKVersion = .v2_3, variant: SpecVariant = .tutorial, pacing: Pacing = .auto) {
        self.init(backend: backend, username: username, password: password, device: device, pacing: pacing)
        self.platform = platform
        self.sdk = sdk
        self.variant = variant
    }

    public var platform: Platform {
        get { options[PIMSSessionOptions.key].platform }
        set { options[PIMSSessionOptions.key].platform = newValue }
    }
    public var sdk: SDKVersion {
        get { options[PIMSSessionOptions.key].sdk }
        set { options[PIMSSessionOptions.key].sdk = newValue }
    }
    public var variant: SpecVariant {
        get { options[PIMSSessionOptions.key].variant }
        set { options[PIMSSessionOptions.key].variant = newValue }
    }

    /// The shortcut (4·1) exists from SDK 2.1 (seed 000, R8).
    public var offersShortcut: Bool { sdk >= .v2_1 }
}
