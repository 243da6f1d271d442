import Enrollment
import PIMS

extension SessionConfig {
    /// The session as a walk's header keeps it (the backend is the header's own field).
    public var walkFields: [String: JSONValue] {
        ["username": .string(username), "password": .string(password), "device": .string(device),
         "platform": .string(platform.rawValue), "sdk": .string(sdk.description), "variant": .string(variant.rawValue),
         "pacing": .string(pacing.rawValue)]
    }

    /// The session of a walk's header; a field missing or unknown keeps the default.
    public init(walkFields f: [String: JSONValue], backend: BackendChoice) {
        self.init(backend: backend)
        if let v = f["username"]?.stringValue { username = v }
        if let v = f["password"]?.stringValue { password = v }
        if let v = f["device"]?.stringValue { device = v }
        if let v = f["platform"]?.stringValue.flatMap(Platform.init(rawValue:)) { platform = v }
        if let v = f["sdk"]?.stringValue.flatMap(SDKVersion.init) { sdk = v }
        if let v = f["variant"]?.stringValue.flatMap(SpecVariant.init(rawValue:)) { variant = v }
        if let v = f["pacing"]?.stringValue.flatMap(Pacing.init(rawValue:)) { pacing = v }
    }
}
