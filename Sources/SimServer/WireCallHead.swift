/// A call's request head read from the bytes as they arrived (`WireCalls`): only the plainest form
/// clients send is recognised, and anything else is `.other`, for NIO's HTTP/1 decoder and the
/// router to read as they always do. Recognised: `POST /v1/pims` or `/v1/call`, `HTTP/1.1`, header
/// names of letters, digits and `-`, values of visible ASCII, space and tab, lines ending in CRLF;
/// one `Host`, one `Authorization: Bearer <token>`, one `Content-Type: application/json`, one
/// `Content-Length` within the body limit; no header that changes how the connection or the body is
/// read (`Connection`, `Transfer-Encoding`, `Upgrade`, `Expect`, `TE`, `Keep-Alive`, `Proxy-Connection`).
struct WireCallHead {
    let path: String
    /// Bytes of the head, its final CRLF included.
    let headLength: Int
    let bodyLength: Int
    let token: String
    let traced: Bool

    enum Reading {
        case call(WireCallHead)
        /// A prefix of a head that may still be a call's.
        case incomplete
        case other
    }

    /// Longer heads are left to the decoder (and its limits).
    static let maxHead = 8 * 1024
    /// Heads with more fields are left to the decoder, which refuses them (Hummingbird's limit).
    static let maxFields = 1000

    private static let paths = ["/v1/pims", "/v1/call"]
    private static let requestLines = paths.map { Array("POST \($0) HTTP/1.1\r\n".utf8) }
    private static let connectionFields = ["connection", "transfer-encoding", "upgrade", "expect", "te", "keep-alive", "proxy-connection"]
        .map { Array($0.utf8) }
    private static let json = Array("application/json".utf8)

    /// - Parameter loopbackHost: the server's own name when it listens on loopback: the `Host` must
    ///   then be a loopback name (`LoopbackHostGuard`).
    static func read(_ bytes: UnsafeRawBufferPointer, loopbackHost: String?) -> Reading {
        let lineLength = requestLines[0].count
        guard bytes.count >= lineLength else {
            return requestLines.contains { $0.starts(with: bytes) } ? .incomplete : .other
        }
        guard let line = requestLines.firstIndex(where: { $0.elementsEqual(bytes[0..<lineLength]) }) else { return .other }
        // Past `maxHead` bytes the head is the decoder's: a line that never ends is not buffered here.
        let end = min(bytes.count, maxHead)
        let short: Reading = bytes.count >= maxHead ? .other : .incomplete
        var fields = Fields()
        var i = lineLength, count = 0
        while true {
            guard i + 1 < end else { return short }
            if bytes[i] == cr {
                guard bytes[i + 1] == lf else { return .other }
                return fields.call(paths[line], headLength: i + 2, loopbackHost: loopbackHost)
            }
            count += 1
            guard count <= maxFields else { return .other }
            let nameStart = i
            while i < end, isNameByte(bytes[i]) { i += 1 }
            guard i < end else { return short }
            guard bytes[i] == colon, i > nameStart else { return .other }
            let name = bytes[nameStart..<i]
            // The decoder's from its name on: it may refuse the head before its value has arrived.
            if connectionFields.contains(where: { named(name, $0) }) { return .other }
            i += 1
            var valueStart = i
            while i < end, bytes[i] != cr {
                guard bytes[i] == tab || (0x20...0x7E).contains(bytes[i]) else { return .other }
                i += 1
            }
            guard i + 1 < end else {
                // A length still arriving that is no length is not waited for: the decoder refuses it at once.
                return named(name, Names.contentLength) && !isLengthSoFar(bytes[valueStart..<i]) ? .other : short
            }
            guard bytes[i + 1] == lf else { return .other }
            var valueEnd = i
            while valueStart < valueEnd, bytes[valueStart] == space || bytes[valueStart] == tab { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
            guard fields.take(name, bytes[valueStart..<valueEnd]) else { return .other }
            i += 2
        }
    }

    /// The fields a call needs, as they are read.
    private struct Fields {
        var host: Slice<UnsafeRawBufferPointer>?, authorization: String?, contentLength: Int?, hasContentType = false
        var traced = false
        /// False when the request is to go to the decoder.
        mutating func take(_ name: Slice<UnsafeRawBufferPointer>, _ value: Slice<UnsafeRawBufferPointer>) -> Bool {
            if WireCallHead.named(name, Names.host) {
                guard host == nil else { return false }
                host = value
            } else if WireCallHead.named(name, Names.authorization) {
                // `Bearer <token>` as `AdminAuth.bearer` reads it; any other form is the router's to refuse.
                let scheme = Names.bearer.count
                guard authorization == nil, value.count > scheme, WireCallHead.named(value.prefix(scheme - 1), Names.bearer.dropLast()),
                      value[value.startIndex + scheme - 1] == space, value[value.startIndex + scheme] != space else { return false }
                authorization = String(decoding: value.dropFirst(scheme), as: UTF8.self)
            } else if WireCallHead.named(name, Names.contentType) {
                guard !hasContentType, value.elementsEqual(WireCallHead.json) else { return false }
                hasContentType = true
            } else if WireCallHead.named(name, Names.contentLength) {
                guard contentLength == nil, (1...5).contains(value.count), value.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
                contentLength = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            } else if WireCallHead.named(name, Names.trace) {
                guard !value.contains(comma) else { return false }  // a list: the router reads it as one
                traced = traced || value.elementsEqual([0x31])
            }
            return true
        }

        func call(_ path: String, headLength: Int, loopbackHost: String?) -> Reading {
            guard let host, let token = authorization, hasContentType, let contentLength, contentLength <= Routes.bodyLimit else { return .other }
            if let own = loopbackHost, !WireCallHead.isLoopback(host, own: own) { return .other }
            return .call(WireCallHead(path: path, headLength: headLength, bodyLength: contentLength, token: token, traced: traced))
        }
    }

    /// Whether a `Host` names this loopback server, as `LoopbackHostGuard` decides: `127.0.0.1` and
    /// `localhost` (with a port or none) compared as bytes, any other name by the guard itself.
    private static func isLoopback(_ host: Slice<UnsafeRawBufferPointer>, own: String) -> Bool {
        let name = host.firstIndex(of: colon).map { colonAt in
            host[host.index(after: colonAt)...].contains(colon) ? host : host[..<colonAt]
        } ?? host
        if name.elementsEqual(Names.localIPv4) || name.elementsEqual(Names.localhost) { return true }
        let text = String(decoding: host, as: UTF8.self)
        return LoopbackHostGuard<ServerContext>.isLoopbackName(LoopbackHostGuard<ServerContext>.hostName(text), own: own)
    }

    private enum Names {
        static let bearer = Array("bearer ".utf8), localIPv4 = Array("127.0.0.1".utf8), localhost = Array("localhost".utf8)
        static let host = Array("host".utf8), authorization = Array("authorization".utf8), contentType = Array("content-type".utf8)
        static let contentLength = Array("content-length".utf8), trace = Array("enrollsim-trace".utf8)
    }

    /// Whether a header's name is `lowercase` (ASCII, ignoring case).
    private static func named(_ name: Slice<UnsafeRawBufferPointer>, _ lowercase: some Collection<UInt8>) -> Bool {
        name.count == lowercase.count && zip(name, lowercase).allSatisfy { ($0 | 0x20) == $1 }
    }

    /// Whether a `Content-Length` value not yet ended may still be one this reader takes: optional
    /// whitespace, up to five digits, optional whitespace.
    private static func isLengthSoFar(_ value: Slice<UnsafeRawBufferPointer>) -> Bool {
        var rest = value.drop { $0 == space || $0 == tab }
        let digits = rest.prefix { (0x30...0x39).contains($0) }
        rest = rest.dropFirst(digits.count)
        return digits.count <= 5 && rest.allSatisfy { $0 == space || $0 == tab }
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x2D
    }
}

private let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A, colon: UInt8 = 0x3A, space: UInt8 = 0x20, tab: UInt8 = 0x09, comma: UInt8 = 0x2C
