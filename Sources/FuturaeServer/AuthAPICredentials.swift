import Foundation

/// FA2's `Authorization: Basic base64(serviceId ":" signature)` read from the header's bytes: the
/// scheme (any case) and the base64 after the first space, surrounding spaces and tabs trimmed, then
/// the decoded bytes split at their first colon; nil when any part is missing or malformed. A value
/// with a byte beyond ASCII is read as text instead (`AuthAPISignature.credentials`: Unicode spaces
/// trimmed, characters compared), so both readings agree on every value.
struct AuthAPICredentials: Equatable {
    let serviceId: [UInt8]
    let signature: [UInt8]

    init(serviceId: [UInt8], signature: [UInt8]) {
        self.serviceId = serviceId
        self.signature = signature
    }

    init?(_ header: String) {
        var header = header
        guard let read = header.withUTF8({ Self.read($0) }) else { return nil }
        self = read
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> AuthAPICredentials? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else {
            return AuthAPISignature.credentials(String(decoding: bytes, as: UTF8.self))
                .map { AuthAPICredentials(serviceId: Array($0.serviceId.utf8), signature: Array($0.signature.utf8)) }
        }
        // The scheme: the first word (leading spaces skipped), then everything after the space that ends it.
        var i = 0
        while i < bytes.count, bytes[i] == space { i += 1 }
        let schemeStart = i
        while i < bytes.count, bytes[i] != space { i += 1 }
        guard i < bytes.count, i - schemeStart == 5,
              zip(bytes[schemeStart..<i], basic).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        var start = i + 1, end = bytes.count
        while start < end, bytes[start] == space || bytes[start] == tab { start += 1 }
        while end > start, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
        guard let decoded = Data(base64Encoded: Data(bytes[start..<end])) else { return nil }
        guard !decoded.contains(where: { $0 >= 0x80 }) else {
            // Beyond ASCII: UTF-8 or nothing, and the first colon that is a character of its own.
            guard let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
            return AuthAPICredentials(serviceId: Array(text[..<colon].utf8), signature: Array(text[text.index(after: colon)...].utf8))
        }
        guard let colon = decoded.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return AuthAPICredentials(serviceId: Array(decoded[..<colon]), signature: Array(decoded[(colon + 1)...]))
    }

    private static let basic = Array("basic".utf8)
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
