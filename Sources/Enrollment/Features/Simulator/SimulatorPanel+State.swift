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
        /// The panel wanted the inbox before it knew whose: the account's answer names the phone,
        /// and its inbox is read then (else a panel opened right after logging in stays empty).
        public var inboxAwaitsPhone = false
        /// The simulated clock, as the last control reported it.
        public var now: String?
        /// The fault rules this app added (the backend keeps no list a client can read).
        public var faults: [FaultRule] = []
        public var scenario: String?
        public var form = Form([.advanceSeconds, .scenario], values: [.advanceSeconds: "60"])
        /// A question over the panel (the fault form, the save-as name); its form takes the fields' place.
        public var dialog: Dialog?
        /// The API the fault presets apply to (index into `faultTargets`).
        public var faultTarget = 0
        public var faultTargetName: String { SimulatorPanel.faultTargets[faultTarget] }
        /// The answer of the last control, in words.
        public var message: String?

        public init() {}
    }

    /// A short form the panel asks before a control, answered by Enter, left by Esc.
    public struct Dialog: Hashable, Sendable {
        public enum Kind: Hashable, Sendable { case fault, saveAs }
        public var kind: Kind
        public var form: Form

        /// Any code of the contract for the target API, a sub-API (blank: every one), a probability
        /// (blank: the next matching call only).
        public static let fault = Dialog(kind: .fault, form: Form([.faultCode, .faultSub, .faultProbability]))

        public static func saveAs(_ scenario: String?) -> Dialog {
            Dialog(kind: .saveAs, form: Form([.scenarioName], values: [.scenarioName: (scenario ?? "world") + "-saved"]))
        }

        public var title: String {
            switch kind {
            case .fault: "Fault on the target: any code"
            case .saveAs: "Save the world as a scenario"
            }
        }
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
