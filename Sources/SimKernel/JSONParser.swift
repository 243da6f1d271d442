/// Recursive-descent JSON parser over UTF-8 bytes (RFC 8259), used by `JSONText.parse`.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONText.ParseError) -> JSONValue {
        skipSpace()
        let v = try parseValue()
        try end()
        return v
    }

    /// The document as `parseDocument` reads it, a top-level object as its fields in order (no
    /// dictionary), with the same errors at the same offsets.
    mutating func parseTopLevel() throws(JSONText.ParseError) -> JSONText.TopLevel {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else {
            let v = try parseValue()
            try end()
            return .value(v)
        }
        var fields = JSONFields()
        try parseObject(into: &fields)
        try end()
        return .object(fields)
    }

    private mutating func end() throws(JSONText.ParseError) {
        skipSpace()
        if i != bytes.count { throw fail("unexpected text after the JSON value") }
    }

    private func fail(_ why: String, at offset: Int? = nil) -> JSONText.ParseError {
        JSONText.ParseError(description: "not valid JSON: \(why) at offset \(offset ?? i)")
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func parseValue() throws(JSONText.ParseError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(JSONText.ParseError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count else { throw fail("unexpected end") }
        for k in 0..<w.count where bytes[i + k] != w[k] { throw fail("unexpected character") }
        i += w.count
    }

    private mutating func parseObject() throws(JSONText.ParseError) -> JSONValue {
        // Room for a call's envelope at once (type, name, params, session): no regrowth on the hot path.
        var o = [String: JSONValue](minimumCapacity: 4)
        try parseObject(into: &o)
        return .object(o)
    }

    /// An object's members, from its `{` to past its `}`, into `fields`.
    private mutating func parseObject<Fields: JSONObjectMembers>(into fields: inout Fields) throws(JSONText.ParseError) {
        depth += 1
        if depth > 512 { throw fail("nested too deeply") }
        defer { depth -= 1 }
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try parseString()
            let afterKey = i
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            skipSpace()
            // Never "the last one wins": a client that wrote a key twice meant one of them.
            if !fields.add(key, try parseValue()) {
                throw fail("duplicate key \"\(key.escapingControlCharacters)\"", at: afterKey)
            }
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(JSONText.ParseError) -> JSONValue {
        depth += 1
        if depth > 512 { throw fail("nested too deeply") }
        defer { depth -= 1 }
        i += 1
        var a: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(a) }
        while true {
            skipSpace()
            a.append(try parseValue())
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(a) }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(JSONText.ParseError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        guard i < bytes.count else { throw fail("unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            i += 1
            return s
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw fail("control character in string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw fail("unterminated string") }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u") else {
                            throw fail("lone surrogate")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("invalid escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("invalid escape")
                }
                i += 1
            } else {
                out.append(b)
                i += 1
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(JSONText.ParseError) -> UInt32 {
        guard i + 4 < bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            i += 1
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - 55)
            default: throw fail("bad \\u escape")
            }
            v = v * 16 + d
        }
        return v
    }

    private mutating func parseNumber() throws(JSONText.ParseError) -> JSONValue {
        let start = i
        var isInteger = true
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else { throw fail("bad number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 } }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < bytes.count, (48...57).contains(bytes[i]) else { throw fail("bad number") }
            while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, (48...57).contains(bytes[i]) else { throw fail("bad number") }
            while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if isInteger, let n = Int(text) { return .int(n) }
        guard let d = Double(text) else { throw fail("bad number") }
        return .double(d)
    }
}

/// Where a parsed object's members go: a dictionary, or a top-level object's fields in order.
protocol JSONObjectMembers {
    /// Adds a member; false, and nothing added, when `key` is already there.
    mutating func add(_ key: String, _ value: JSONValue) -> Bool
}

extension Dictionary: JSONObjectMembers where Key == String, Value == JSONValue {
    mutating func add(_ key: String, _ value: JSONValue) -> Bool { updateValue(value, forKey: key) == nil }
}
