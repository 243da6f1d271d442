import PIMS

extension GuidedEnrollment {
    /// Where the flow stands, which decides the prompt and the keys.
    public enum Stage: Hashable, Sendable {
        case notStarted
        /// Steps 1–3 (and 5) run on their own: a check is in flight or staged.
        case checking
        /// Step 3 found no trusted phone: shortcut 4·1 or full 4·2.
        case chooseMethod
        /// 4·1: the number to certify.
        case shortcutPhone
        /// 4·1: the SMS code, and the new PIN twice.
        case shortcutCode
        /// 4·2: the number to register.
        case registerPhone
        /// 4·2: the certification code.
        case registerCode
        /// Step 6: the enrollment code.
        case enterCode
        /// Step 7: a new PIN, twice.
        case newPIN
        /// Step 8: the account's PIN.
        case existingPIN
        /// 2317 or a blocked account: the way out is step A.
        case blocked
        /// Step A asked; waiting for the user to confirm.
        case confirmRemoveAll
        /// The device is enrolled.
        case enrolled

        /// A prompt for an SMS code (4·1, 4·2, 6): a new code can be asked for.
        var isCodePrompt: Bool { [.shortcutCode, .registerCode, .enterCode].contains(self) }
    }

    /// How the device gets its trusted phone when it has none.
    public enum Method: Hashable, Sendable { case shortcut, full }

    public struct State: Hashable, Sendable {
        public var stage: Stage = .notStarted
        public var statuses: [FlowStep: StepStatus] = Dictionary(uniqueKeysWithValues: FlowStep.allCases.map { ($0, .pending) })
        public var form = Form([])
        public var method: Method?
        /// The trusted phone as step 3 reported it (where enrollment SMS codes go).
        public var trustedPhone: String?
        /// The code step 6 accepted: iOS sends it again at steps 7 and 8 (R11).
        public var checkedCode: String?
        /// The flow's own line under the prompt: why it stopped, what was found.
        public var message: String?
        /// Set when the SDK is below 2.1: the shortcut is not offered (R8).
        public var shortcutUnavailable: String?
        /// Step 1 said this device is enrolled: step 2 decides whether there is anything to do.
        public var deviceEnrolled = false
        /// What a failed step answered, for the flow map ("2307", "PINBlocked").
        public var failures: [FlowStep: String] = [:]
        /// Step 3's 2307 (reference variant) in words, kept above the method choice.
        public var noPhoneMeaning: String?

        public init() {}

        /// The flow map: steps 1, 2, 3, 4·1, 4·2, 5, 6, 7, 8 with their status.
        public var flowMap: [FlowMapEntry] { FlowStep.allCases.map { FlowMapEntry(step: $0, status: statuses[$0] ?? .pending) } }

        /// The step the screen explains (the current one, else the last that failed).
        public var focusStep: FlowStep? {
            FlowStep.allCases.first { statuses[$0] == .current } ?? FlowStep.allCases.last { statuses[$0] == .failed }
        }

        /// Whether a flow is under way (quitting asks first).
        public var isUnderway: Bool { ![.notStarted, .enrolled].contains(stage) }

        mutating func mark(_ step: FlowStep, _ status: StepStatus) {
            statuses[step] = status
            if status != .failed { failures[step] = nil }
        }

        mutating func mark(_ steps: [FlowStep], _ status: StepStatus) { for s in steps { statuses[s] = status } }

        /// A fresh map for a (re)start from `step`: it and the later steps pending again.
        mutating func resetFrom(_ step: FlowStep) {
            let order = FlowStep.allCases
            guard let i = order.firstIndex(of: step) else { return }
            for s in order[i...] { mark(s, .pending) }
        }
    }
}
