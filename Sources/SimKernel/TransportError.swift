/// What a client answers when the network, not the simulated backend, fails. The codes are the first
/// SDK's (PIMS §7: 2201, 2202, 2203, 2204), which the fronts already explain; a front for another
/// system reads them by these cases, not by number.
public enum TransportError: Int, Sendable, Hashable, CaseIterable {
    case timeout = 2201
    case noInternet = 2202
    case invalidReturn = 2203
    case serverError = 2204

    /// The reference's labels, as an app receives them.
    public var label: String {
        switch self {
        case .timeout: "Timeout"
        case .noInternet: "Network problem : No internet"
        case .invalidReturn: "Invalid return [Parsing error] ou [No data] ou [invalid Data]"
        case .serverError: "Server Error"
        }
    }

    public init?(_ error: CallError) {
        guard error.domain == nil, let n = error.code.intValue, let kind = TransportError(rawValue: n) else { return nil }
        self = kind
    }
}

extension CallError {
    public static func transport(_ kind: TransportError, detail: String?) -> CallError {
        CallError(code: .number(kind.rawValue), label: kind.label, detail: detail)
    }
}

extension CallError {
    /// The server ended the device session a remote client called on (HTTP 410: it made room for new
    /// sessions, or the admin ended it). Not an answer of any system: the client says so as it is,
    /// and opens a new session on its next call.
    public static func sessionEnded(detail: String) -> CallError {
        CallError(domain: sessionEndedDomain, code: "SESSION_ENDED", label: "The server ended this device session", detail: detail)
    }

    public var isSessionEnded: Bool { domain == Self.sessionEndedDomain }

    static let sessionEndedDomain = "enrollsim.server"
}
