import Enrollment
import SimKernel
import Walk

extension SessionConfig {
    /// The session as a walk's header keeps it: what the session screen showed (its scenario or URL
    /// too), the system, its front's declared options' fields, then the front's own part.
    public var walkFields: [String: JSONValue] {
        var f: [String: JSONValue] = [
            "username": .string(username), "password": .string(password), "device": .string(device),
            "pacing": .string(pacing.rawValue), WalkSessionField.system: .string(system.rawValue)]
        switch backend {
        case .inProcess(let scenario): f["scenario"] = .string(scenario)
        case .remote(let url): f["url"] = .string(url)
        }
        let front = system.front
        for option in front.sessionOptions {
            if let field = option.walkField, let value = option.value(in: self) { f[field] = .string(value) }
        }
        return f.merging(front.walkFields(self)) { shared, _ in shared }
    }

    /// The session of a walk's header; a field missing or unknown keeps the default.
    public init(walkFields f: [String: JSONValue]) {
        self.init()
        if let v = f["scenario"]?.stringValue { backend = .inProcess(scenario: v) }
        if let v = f["url"]?.stringValue { backend = .remote(url: v) }
        if let v = f["username"]?.stringValue { username = v }
        if let v = f["password"]?.stringValue { password = v }
        if let v = f["device"]?.stringValue { device = v }
        if let v = f["pacing"]?.stringValue.flatMap(Pacing.init(rawValue:)) { pacing = v }
        // The system the header names, or the one whose part it has (headers written before they
        // named it); none: the default front's (PIMS's headers named none).
        if let v = f[WalkSessionField.system]?.stringValue.flatMap(SystemChoice.init(rawValue:)) {
            system = v
        } else if let front = SystemFronts.registered.first(where: { $0.claimsWalk(f) }) {
            system = front.system
        }
        // Each front reads its declared fields wherever they are: headers written before each named
        // its system kept PIMS's platform, SDK and variant for every system.
        for front in SystemFronts.registered {
            for option in front.sessionOptions {
                if let field = option.walkField, let value = f[field]?.stringValue { _ = option.set(value, in: &self) }
            }
        }
        system.front.readWalk(f, into: &self)
    }
}
