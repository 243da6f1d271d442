/// What a Futurae QR code is for, by its payload's scheme and path (F1).
public enum QRCodeType: String, Sendable, Hashable, CaseIterable {
    case enrollment, onlineAuth, offlineAuth, usernameless, invalid

    /// `futurae://<path>` → its type.
    static let paths: [String: QRCodeType] = [
        "enroll": .enrollment, "auth": .onlineAuth, "offline": .offlineAuth, "usernameless": .usernameless,
    ]
}

/// The text a Futurae QR code carries: `futurae://enroll?activation_code=<code>` for an activation
/// (§2; decision: the public documents do not show the payload). The scheme and the path say its type;
/// an enrollment's query carries the activation code.
public struct QRPayload: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    public static let scheme = "futurae://"

    public init(_ text: String) { self.text = text }

    public init(enrolling code: ActivationCode) {
        text = "\(Self.scheme)enroll?activation_code=\(code.value)"
    }

    public var description: String { text }

    /// F1: the payload's type; anything that is not `futurae://` with a known path is `invalid`.
    public var type: QRCodeType {
        guard text.hasPrefix(Self.scheme) else { return .invalid }
        let rest = text.dropFirst(Self.scheme.count)
        let path = rest.prefix { $0 != "?" }
        return QRCodeType.paths[String(path)] ?? .invalid
    }

    /// The query's parameters, `name=value` pairs separated by `&` (the last of a repeated name).
    var query: [String: String] {
        guard let q = text.firstIndex(of: "?") else { return [:] }
        var out: [String: String] = [:]
        for pair in text[text.index(after: q)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            out[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return out
    }

    /// What enroll reads from a scanned payload (F2.4): its activation code, or why it has none.
    public enum EnrollmentReading: Sendable, Hashable {
        case code(ActivationCode)
        /// Not a Futurae QR code (SDKError 6).
        case notFuturae
        /// A Futurae QR code of another type (SDKError 11).
        case otherType(QRCodeType)
        /// An enrollment code whose activation code is missing or not base64url of 32 bytes (SDKURLError 5).
        case badlyEncoded
    }

    public var enrollment: EnrollmentReading {
        switch type {
        case .invalid: return .notFuturae
        case .enrollment:
            guard let written = query["activation_code"], let code = ActivationCode(written) else { return .badlyEncoded }
            return .code(code)
        case let other: return .otherType(other)
        }
    }
}
