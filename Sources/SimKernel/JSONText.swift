import Foundation

/// Compact JSON text for `JSONValue`, keys sorted: the one writer behind `batch` output, HTTP bodies
/// and transcripts. Hand-written because it runs on every batch line and JSONEncoder is several times
/// slower on small values; parsing goes through Foundation's JSONSerialization.
public enum JSONText {
    public static func encode(_ value: JSONValue) -> String {
        var out = ""
        out.reserveCapacity(128)
        write(value, into: &out)
        return out
    }

    public static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite, d.rounded() == d, abs(d) < 1e15 { out += String(Int(d)) }
            else if d.isFinite { out += String(d) }
            else { out += "null" }
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                write(v, into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, key) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                write(o[key]!, into: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        // Most strings need no escape: appended whole (one scalar at a time was half of `batch`'s
        // instructions).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                out += "\\u"
                let hex = String(c.value, radix: 16)
                out += String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// Pretty, indented, keys sorted: for the API log's detail view and the README.
    public static func pretty(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let a) where !a.isEmpty:
            return "[\n" + a.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let o) where !o.isEmpty:
            return "{\n" + o.keys.sorted().map { key in
                var k = ""
                writeString(key, into: &k)
                return inner + k + ": " + pretty(o[key]!, indent: inner)
            }.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return encode(value)
        }
    }

    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Parses one JSON text (any top-level value). A small parser of our own: it keeps integers,
    /// doubles and booleans apart exactly (JSONSerialization folds them into NSNumber on Linux) and it
    /// is the hot path of `batch`.
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, ParseError> = text.withUTF8 { buf in
            var p = JSONParser(bytes: buf)
            do throws(ParseError) { return .success(try p.parseDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    public static func parse(_ data: Data) throws(ParseError) -> JSONValue {
        try parse(String(decoding: data, as: UTF8.self))
    }
}
