import PIMS

extension SimulatorPanel {
    /// Fault presets a QA engineer reaches for; each applies to the next matching call once.
    public enum FaultPreset: Hashable, Sendable, CaseIterable {
        case timeout, noInternet, serverError, slow

        /// The rule for the next call of `api` (fault rules name their API, §7).
        public func rule(for api: String) -> FaultRule {
            switch self {
            case .timeout: FaultRule(name: api, code: ErrorCode.timeout.value, times: 1)
            case .noInternet: FaultRule(name: api, code: ErrorCode.noInternet.value, times: 1)
            case .serverError: FaultRule(name: api, code: ErrorCode.serverError.value, times: 1)
            case .slow: FaultRule(name: api, latencyMs: 3000, times: 1)
            }
        }

        /// For the help bar: what the key does, not its number ("2201 Timeout").
        public var barTitle: String {
            switch self {
            case .timeout: "\(ErrorCode.timeout) Timeout"
            case .noInternet: "\(ErrorCode.noInternet) No internet"
            case .serverError: "\(ErrorCode.serverError) Server Error"
            case .slow: "+3 s"
            }
        }

        public var title: String {
            switch self {
            case .timeout: "next call answers \(ErrorCode.timeout) Timeout"
            case .noInternet: "next call answers \(ErrorCode.noInternet) No internet"
            case .serverError: "next call answers \(ErrorCode.serverError) Server Error"
            case .slow: "next call takes 3 s more"
            }
        }
    }

    public struct State: Hashable, Sendable {
        public var account: AccountSnapshot?
        public var inbox: PhoneInbox?
        /// The simulated clock, as the last control reported it.
        public var now: String?
        /// The fault rules this app added (the backend keeps no list a client can read).
        public var faults: [FaultRule] = []
        public var scenario: String?
        public var form = Form([.advanceSeconds, .scenario, .savePath], values: [.advanceSeconds: "60"])
        /// The API the fault presets apply to (index into `faultTargets`).
        public var faultTarget = 0
        public var faultTargetName: String { SimulatorPanel.faultTargets[faultTarget] }
        /// The answer of the last control, in words.
        public var message: String?

        public init() {}
    }
}

extension FaultRule {
    /// The rule in a line: "pims.vehicle.vin → 2201 ×1".
    public var summary: String {
        var what = name + (sub.map { " " + $0 } ?? "")
        if let code { what += " → \(code)" }
        if let latencyMs { what += " +\(latencyMs) ms" }
        if let times { what += " ×\(times)" }
        if let probability { what += " p=\(probability)" }
        return what
    }
}
