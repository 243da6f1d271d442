import Enrollment
import PIMS
import Walk

extension SessionConfig {
    /// The session as a walk's header keeps it: what the session screen showed (its scenario or URL too).
    public var walkFields: [String: JSONValue] {
        var f: [String: JSONValue] = [
            "username": .string(username), "password": .string(password), "device": .string(device),
            "platform": .string(platform.rawValue), "sdk": .string(sdk.description), "variant": .string(variant.rawValue),
            "pacing": .string(pacing.rawValue)]
        switch backend {
        case .inProcess(let scenario): f["scenario"] = .string(scenario)
        case .remote(let url): f["url"] = .string(url)
        }
        // The system's own part (absent for PIMS: its headers stay as they were).
        return f.merging(system.front.walkFields(self)) { shared, _ in shared }
    }

    /// The session of a walk's header; a field missing or unknown keeps the default.
    public init(walkFields f: [String: JSONValue]) {
        self.init()
        if let v = f["scenario"]?.stringValue { backend = .inProcess(scenario: v) }
        if let v = f["url"]?.stringValue { backend = .remote(url: v) }
        if let v = f["username"]?.stringValue { username = v }
        if let v = f["password"]?.stringValue { password = v }
        if let v = f["device"]?.stringValue { device = v }
        if let v = f["platform"]?.stringValue.flatMap(Platform.init(rawValue:)) { platform = v }
        if let v = f["sdk"]?.stringValue.flatMap(SDKVersion.init) { sdk = v }
        if let v = f["variant"]?.stringValue.flatMap(SpecVariant.init(rawValue:)) { variant = v }
        if let v = f["pacing"]?.stringValue.flatMap(Pacing.init(rawValue:)) { pacing = v }
        // The system the header names, or the one whose part it has (headers written before they
        // named it); none: PIMS.
        if let v = f[WalkSessionField.system]?.stringValue.flatMap(SystemChoice.init(rawValue:)) {
            system = v
        } else if let front = SystemFronts.registered.first(where: { $0.claimsWalk(f) }) {
            system = front.system
        }
        system.front.readWalk(f, into: &self)
    }
}
