import PIMS

extension VehicleFlow {
    public enum Phase: Hashable, Sendable {
        /// Choosing the vehicle (the account's list).
        case choose
        /// Selected and subscribed: the car, its commands, its signals.
        case ready
        /// A command with parameters: its small form (Enter sends, Esc closes).
        case form(FormKind)
    }

    public enum FormKind: Hashable, Sendable { case deferredCharge, preconditioning }

    public struct State: Hashable, Sendable {
        public var phase: Phase = .choose
        public var selection = 0
        /// The row after the account's vehicles: a VIN typed by hand (one not of the account: 2366, R26).
        public var typingVIN = false
        public var vinForm = Form([.vin])
        /// The VIN selected for remote use (R26 answered).
        public var vin: String?
        /// `pims.vehicle.signal` and `pims.vehicle.event` are subscribed in this session (R27).
        public var subscribed = false
        /// The newest payload the phone got (a status answer or a signal's `vehicle`).
        public var status: VehicleStatus?
        /// The simulator's own view of the car (asleep, online, engine, steps due).
        public var truth: VehicleTruth?
        /// The commands sent from this screen and those the signals named, oldest first.
        public var commands: [CommandProgress] = []
        /// Every signal and charge notification heard, oldest first (the newest `logLimit`).
        public var log: [SignalLine] = []
        public var message: String?
        public var deferredForm = Form([.startNow, .deferredTime, .checkStartCharge],
                                       values: [.startNow: "false", .deferredTime: "PT22H30M", .checkStartCharge: "true"])
        public var precondForm = Form([.startNow, .programs], values: [.startNow: "true", .programs: "keep"])
        /// The command sent last, until its answer names its transaction.
        public var sending: VehicleCommand?
        /// The last refusal (the call and its code) and how many times in a row it came: the same
        /// key again says it was answered again, not nothing.
        public var lastRefusal: String?
        public var refusals = 0

        public init() {}

        public static let logLimit = 200
        public static let commandLimit = 20
    }

    /// One command's progress (R31): accepted (900 pending), sent (901), then done (200), failed
    /// (902) or timed out (903); or refused at once (R28, R30).
    public struct CommandProgress: Hashable, Sendable {
        public enum Step: Hashable, Sendable {
            case sending, pending, sent, done
            /// 902, 903, or a refusal: code, label, detail.
            case failed(signal: Int?, code: String, label: String, detail: String?)
        }
        public var transactionId: String
        public var action: String
        public var title: String
        public var step: Step
        /// The simulated time of its last step.
        public var at: String

        public var isOver: Bool {
            switch step {
            case .done, .failed: true
            case .sending, .pending, .sent: false
            }
        }
    }

    /// A line of the signal log: a signal (code, the command it names) or a charge notification.
    public struct SignalLine: Hashable, Sendable {
        public var at: String
        public var code: Int?
        public var action: String?
        public var text: String
    }
}

extension VehicleFlow.CommandProgress.Step {
    /// The step in a word or two, as the progress list shows it.
    public var words: String {
        switch self {
        case .sending: "sending"
        case .pending: "900 pending"
        case .sent: "901 sent"
        case .done: "200 done"
        case .failed(let signal, let code, let label, _): (signal.map { "\($0) " } ?? "refused ") + "\(code) \(label)"
        }
    }
}
