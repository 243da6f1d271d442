import PIMS

extension FuturaeLogin {
    /// A login the service pushed to this device (F8): `futurae.auth`'s data and `futurae.authSessions`' rows.
    public struct Request: Hashable, Sendable {
        public var sessionId: String
        public var userId: String
        public var username: String
        public var serviceName: String
        public var expiresAt: String
        /// The login's context as the service sent it (`extraInfo`: key and value), if any.
        public var context: [Pair]

        public struct Pair: Hashable, Sendable {
            public var key: String
            public var value: String
        }

        public init?(_ json: JSONValue) {
            guard let id = json["sessionId"]?.stringValue else { return nil }
            sessionId = id
            userId = json["userId"]?.stringValue ?? "–"
            username = json["username"]?.stringValue ?? userId
            serviceName = json["serviceName"]?.stringValue ?? "The service"
            expiresAt = json["expiresAt"]?.stringValue ?? "–"
            context = (json["extraInfo"]?.arrayValue ?? []).compactMap { item in
                guard let key = item["key"]?.stringValue, let value = item["value"]?.stringValue else { return nil }
                return Pair(key: key, value: value)
            }
        }

        /// "Acme Bank: approve login as alice@example.com?"
        public var question: String { "\(serviceName): approve login as \(username)?" }

        /// Seconds left at `now` (both ISO 8601, simulated); nil when either is unknown.
        public func secondsLeft(at now: String?) -> Int? {
            guard let now = now.flatMap(SimTime.init(iso8601:)), let end = SimTime(iso8601: expiresAt) else { return nil }
            return max(0, end - now)
        }

        static func list(_ result: JSONValue?) -> [Request] { (result?["authSessions"]?.arrayValue ?? []).compactMap(Request.init) }
    }

    /// The phone's three answers (F9).
    public enum Answer: String, Hashable, Sendable, CaseIterable {
        case approve, reject, fraud

        public var title: String {
            switch self {
            case .approve: "approve"
            case .reject: "reject"
            case .fraud: "report fraud"
            }
        }
    }

    public enum Phase: Hashable, Sendable {
        /// The pending login requests.
        case inbox
        /// One request: approve, reject, report fraud.
        case request
        /// The SDK's lock read before answering (F9: unlock first where the lock type protects calls).
        case checkingLock(Answer)
        /// Locked: unlock by SDK PIN or biometrics, then the answer is sent.
        case unlock(Answer)
        case pin(Answer)
        case biometricPrompt(Answer)
        /// The answer was sent and taken (final, F9).
        case answered(Answer)
        /// Not answered in time (simulated clock): the service reads deny/timeout.
        case expired
        /// Refused (the session already answered, the device archived, …).
        case failed(CallError)

        public var isEnded: Bool {
            switch self {
            case .answered, .expired, .failed: true
            default: false
            }
        }

        /// The answer under way (the lock's prompts remember it).
        var pendingAnswer: Answer? {
            switch self {
            case .checkingLock(let a), .unlock(let a), .pin(let a), .biometricPrompt(let a): a
            default: nil
            }
        }
    }

    /// An authentication session as the back office lists it (`futurae.authentications`).
    public struct BackOfficeLogin: Hashable, Sendable {
        public var sessionId: String
        public var username: String
        public var deviceId: String
        public var expiresAt: String
        /// FA14's `result` (`waiting`, `allow`, `deny`) and `status` (`fraud`, `timeout`, …) as of the read.
        public var result: String
        public var status: String

        init?(_ json: JSONValue) {
            guard let id = json["sessionId"]?.stringValue else { return nil }
            sessionId = id
            username = json["username"]?.stringValue ?? json["userId"]?.stringValue ?? "–"
            deviceId = json["deviceId"]?.stringValue ?? "–"
            expiresAt = json["expiresAt"]?.stringValue ?? "–"
            result = json["result"]?.stringValue ?? "waiting"
            status = json["status"]?.stringValue ?? result
        }
    }

    public struct State: Hashable, Sendable {
        public var phase: Phase = .inbox
        /// The pending requests, oldest first.
        public var requests: [Request] = []
        public var selection = 0
        /// The request open on the phone.
        public var open: Request?
        /// The newest push not opened yet: the app offers to open it on every screen.
        public var unread: String?
        /// The simulated clock as last told (a push, the lock read, the clock advanced).
        public var now: String?
        public var pinForm = Form([.sdkPin])
        public var pinAttemptsLeft: Int?
        public var message: String?
        /// The back office's authentication sessions (the simulator panel's Futurae section).
        public var backOffice: [BackOfficeLogin] = []
        /// The back office's last push, in words.
        public var backOfficeMessage: String?

        public init() {}

        public var selected: Request? { requests.indices.contains(selection) ? requests[selection] : nil }

        /// The open request is waiting for the user.
        public var isDeciding: Bool { open != nil && !phase.isEnded && phase != .inbox }
    }
}
