import Foundation

/// Compact JSON text for `JSONValue`, keys sorted: the one writer behind `batch` output, HTTP bodies
/// and transcripts. Hand-written because it runs on every batch line and JSONEncoder is several times
/// slower on small values; so is the parser, for the same reason.
public enum JSONText {
    public static func encode(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact text of `value` to `out` as UTF-8: `batch` writes its answers this way,
    /// straight into its output buffer.
    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            if d.isFinite, d.rounded() == d, abs(d) < 1e15 { out.append(contentsOf: String(Int(d)).utf8) }
            else if d.isFinite { out.append(contentsOf: String(d).utf8) }
            else { out.append(contentsOf: "null".utf8) }
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, v) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(v, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            writeMembersSorted(o, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// An object's members, keys sorted. The members' positions are sorted on the stack (most
    /// objects have a few keys): no array of pairs built and freed per object, no hashing.
    private static func writeMembersSorted(_ o: [String: JSONValue], into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: Dictionary<String, JSONValue>.Index.self, capacity: o.count) { order in
            var n = 0
            var index = o.startIndex
            while index != o.endIndex {
                // Insertion sort: a few keys, each compared with those before it.
                let key = o.keys[index]
                var j = n
                while j > 0, key < o.keys[order[j - 1]] { j -= 1 }
                (order.baseAddress! + j + 1).moveInitialize(from: order.baseAddress! + j, count: n - j)
                (order.baseAddress! + j).initialize(to: index)
                n += 1
                o.formIndex(after: &index)
            }
            for k in 0..<n {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                writeString(o.keys[order[k]], into: &out)
                out.append(UInt8(ascii: ":"))
                write(o.values[order[k]], into: &out)
            }
            order.baseAddress!.deinitialize(count: n)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string. Besides what JSON requires, DEL, C1 controls, U+2028/2029 and the bidirectional
    /// controls are written as `\uXXXX` (the set `String.needsEscape` names): JSON read by a person
    /// in a terminal or pasted into JavaScript shows them, and they do not reorder or break the line.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Runs without an escape are copied whole (one scalar at a time was half of `batch`'s
            // instructions once).
            var run = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b >= 0x20 && b < 0x7F && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") { i += 1; continue }
                let length = b < 0x80 ? 1 : String.escapeLength(at: i, in: bytes)
                if length == 0 { i += 1; continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                switch b {
                case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
                default:
                    let scalar = length == 1 ? UInt32(b)
                        : String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self).unicodeScalars.first!.value
                    out.append(contentsOf: #"\u"#.utf8)
                    for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)]) }
                }
                i += length
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Pretty, indented, keys sorted: for the API log's detail view and the docs.
    public static func pretty(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let a) where !a.isEmpty:
            return "[\n" + a.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let o) where !o.isEmpty:
            return "{\n" + o.keys.sorted().map { key in
                inner + encode(.string(key)) + ": " + pretty(o[key]!, indent: inner)
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

    /// A document read for its top-level object's fields (`batch`'s lines): an object's members in
    /// order without a dictionary, any other value as `parse` reads it; the same errors as `parse`.
    public enum TopLevel {
        case object(JSONFields)
        case value(JSONValue)
    }

    public static func parseTopLevel(_ text: String) throws(ParseError) -> TopLevel {
        var text = text
        let result: Result<TopLevel, ParseError> = text.withUTF8 { buf in
            Result { () throws(ParseError) in try parseTopLevel(utf8: buf) }
        }
        return try result.get()
    }

    /// The same on UTF-8 bytes.
    public static func parseTopLevel(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> TopLevel {
        var p = JSONParser(bytes: bytes)
        return try p.parseTopLevel()
    }

    public static func parse(_ data: Data) throws(ParseError) -> JSONValue {
        try parse(String(decoding: data, as: UTF8.self))
    }
}
