import SimKernel

extension APICatalogue {
    /// The entry of one of the contract's rules (and its sub-API, where a rule has two: R16).
    public static func entry(_ rule: String, sub: String? = nil) -> APIEntry {
        guard let entry = all.first(where: { $0.rule == rule && (sub == nil || $0.sub == sub) }) else {
            preconditionFailure("no API for rule \(rule)")
        }
        return entry
    }
}

extension APIEntry {
    /// This API's request: its verb, its name and its sub-API (under its key, or under `subKey`
    /// where the contract takes either: R15's `type|action`), then `params`.
    public func request(_ params: [String: JSONValue] = [:], subKey: String? = nil) -> PIMSRequest {
        var params = params.merging(fixed) { given, _ in given }
        if let sub, let key = subKey ?? self.subKey { params[key] = .string(sub) }
        return PIMSRequest(type, name, params)
    }
}
