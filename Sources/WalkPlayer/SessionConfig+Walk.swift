import Enrollment
import PIMS

extension SessionConfig {
    /// The session as a walk's header keeps it: what the session screen showed (its scenario or URL too).
    public var walkFields: [String: JSONValue] {
        var f: [String: JSONValue] = [
            "username": .string(username), "password": .string(password), "device": .string(device),
            "platform": .string(platform.rawValue), "sdk": .string(sdk.description), "variant": .string(variant.rawValue),
            "pacing": .string(pacing.rawValue)]
        // Another system than PIMS, and its phone's setting (absent: PIMS, as walks before the card app).
        if system == .card {
            f["system"] = .string(system.rawValue)
            f["biometrics"] = .bool(biometrics)
            f["scenarioInstance"] = .bool(isScenarioInstance)
        }
        switch backend {
        case .inProcess(let scenario): f["scenario"] = .string(scenario)
        case .remote(let url): f["url"] = .string(url)
        }
        // A Futurae session: its device options (lock type, biometrics, binding), and whether it is
        // the scenario's own SDK instance (its session is "default"). PIMS headers stay as they were.
        if system == .futurae {
            f["futurae"] = .object(settings.options)
            f["scenarioInstance"] = .bool(isScenarioInstance)
        }
        return f
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
        if let options = f["futurae"]?.objectValue, adoptFuturae(SessionSettings(device: device, options: options)),
           f["scenarioInstance"]?.boolValue == true {
            scenarioSession = settings
        }
        if let v = f["system"]?.stringValue.flatMap(SystemChoice.init(rawValue:)) { system = v }
        if let v = f["biometrics"]?.boolValue { biometrics = v }
        // A card phone is the scenario's own unless the header says otherwise (walks recorded before
        // phones had their device's session were all on the scenario's phone, "default").
        if system == .card, f["scenarioInstance"]?.boolValue ?? true { scenarioSession = settings }
    }
}
