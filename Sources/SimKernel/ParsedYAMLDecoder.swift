import Foundation
import Yams

/// Decodes a `ParsedYAML` as `NodeDecoder` decodes Yams's nodes (the same scalar constructors, the same
/// keys asked for), for documents that decode without an error and have no unknown key: it answers
/// nil otherwise, and the document goes the way that words the error with its path and line. So it
/// keeps no coding path and no per-mapping dictionary; what decoding asked for is one mark per node.
enum ParsedYAMLDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from tree: ParsedYAML) -> T? {
        guard tree.nodes.first?.kind == .mapping else { return nil }
        let reader = ParsedYAMLReader(tree)
        // A top level not read as a mapping has every key unknown to the strict reading: its to word.
        guard let value = try? TreeDecoding(reader: reader, index: 0).decodeValue(type), reader.reads[0] == .container,
              !reader.hasUnknownKey(under: 0) else { return nil }
        return value
    }
}

/// The tree and what decoding asked for of each node: nothing, its value, or a container of it.
final class ParsedYAMLReader {
    enum Read: UInt8 { case none, value, container }
    let nodes: [ParsedYAML.Node]
    let tree: ParsedYAML
    var reads: [Read]

    init(_ tree: ParsedYAML) {
        self.tree = tree
        nodes = tree.nodes
        reads = Array(repeating: .none, count: tree.nodes.count)
    }

    func mark(_ index: Int, _ read: Read) {
        if reads[index].rawValue < read.rawValue { reads[index] = read }
    }

    /// The nodes whose values are being decoded, innermost last, and as what type.
    private var decoding: [(index: Int, type: ObjectIdentifier)] = []

    func isDecoding<T>(_ index: Int, as type: T.Type) -> Bool {
        decoding.contains { $0.index == index && $0.type == ObjectIdentifier(type) }
    }

    func entering<T>(_ index: Int, as type: T.Type) { decoding.append((index, ObjectIdentifier(type))) }
    func leaving() { decoding.removeLast() }

    /// The index of the value of `key` in the mapping at `mapping`: the first one written.
    func value(forKey key: String, inMapping mapping: Int) -> Int? {
        var i = mapping + 1
        let end = Int(nodes[mapping].end)
        while i < end {
            if nodes[i].text == key { return i + 1 }
            i = Int(nodes[i + 1].end)
        }
        return nil
    }

    /// A key written that decoding never asked for, under a mapping it read as a container, as
    /// `NodePath.firstUnknownKey` finds them (a key whose value is null counts as absent).
    func hasUnknownKey(under index: Int) -> Bool {
        guard reads[index] == .container else { return false }
        let end = Int(nodes[index].end)
        switch nodes[index].kind {
        case .scalar: return false
        case .mapping:
            for key in tree.keys(ofMapping: index) {
                let value = key + 1
                if tree.isNull(value) { continue }
                if reads[value] == .none || hasUnknownKey(under: value) { return true }
            }
        case .sequence:
            var i = index + 1
            while i < end {
                if reads[i] != .none, hasUnknownKey(under: i) { return true }
                i = Int(nodes[i].end)
            }
        }
        return false
    }
}

private struct TreeDecoding: Decoder, SingleValueDecodingContainer {
    let reader: ParsedYAMLReader
    let index: Int
    // Errors are worded by the decoder that `StrictYAML` falls back to, with their paths.
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private var node: ParsedYAML.Node { reader.nodes[index] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard node.kind == .mapping else { throw TreeMismatch() }
        reader.mark(index, .container)
        return KeyedDecodingContainer(TreeKeyed<Key>(reader: reader, mapping: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard node.kind == .sequence else { throw TreeMismatch() }
        reader.mark(index, .container)
        return TreeUnkeyed(reader: reader, sequence: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { reader.tree.isNull(index) }

    /// A scalar's text, as Yams's constructors see it (any style).
    private func text() throws -> String {
        guard node.kind == .scalar else { throw TreeMismatch() }
        return node.text
    }

    func decode(_ type: String.Type) throws -> String { try text() }

    /// Yams's `Bool.construct`: a plain scalar (a quoted one is tagged a string), any case.
    func decode(_ type: Bool.Type) throws -> Bool {
        let text = try text()
        guard node.plain else { throw TreeMismatch() }
        switch text {
        case "true": return true
        case "false": return false
        default:
            switch text.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: throw TreeMismatch()
            }
        }
    }

    /// Out of `NumberBounds`: a mismatch, which the fallback decoder words with its path.
    func decode(_ type: Int.Type) throws -> Int {
        if let n = plainDecimal(), n <= UInt64(NumberBounds.maxWhole) { return Int(n) }
        guard mayBeNumber(.integer) else { throw TreeMismatch() }
        let n = try constructed(Int.self, by: Int.construct(from:))
        guard NumberBounds.whole.contains(n) else { throw TreeMismatch() }
        return n
    }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        if let n = plainDecimal() { return n }
        guard mayBeNumber(.integer) else { throw TreeMismatch() }
        return try constructed(UInt64.self, by: UInt64.construct(from:))
    }

    /// Whether Yams's number constructors could read this scalar: every integer they read has a
    /// digit, every float a digit or an `n` (`.inf`, `.nan`, Swift's `inf`, `nan`, `infinity`).
    /// Without, they answer nil, said here without their Foundation string work (`JSONValue` asks
    /// every word of a session's settings whether it is an integer, then a float).
    private func mayBeNumber(_ number: YamsScalars.Number) -> Bool {
        guard node.kind == .scalar, node.plain else { return true }
        for byte in node.text.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { return true }
            if number == .float && (byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N")) { return true }
        }
        return false
    }

    /// Digits without a sign, a leading zero (octal to Yams) or `_`, short enough not to overflow:
    /// what Yams's integer constructors read as the decimal they spell. Anything else is theirs.
    private func plainDecimal() -> UInt64? {
        guard node.kind == .scalar, node.plain else { return nil }
        let bytes = node.text.utf8
        guard let first = bytes.first, first != UInt8(ascii: "0") || bytes.count == 1, bytes.count <= 18 else { return nil }
        var n: UInt64 = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            n = n * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return n
    }

    /// Any other scalar type, by Yams's own constructor on the scalar as Yams composes it.
    private func constructed<T>(_ type: T.Type, by construct: (Node.Scalar) -> Any?) throws -> T {
        guard node.kind == .scalar, let value = construct(yamsScalar) as? T, NumberBounds.problem(of: value) == nil else { throw TreeMismatch() }
        return value
    }

    private var yamsScalar: Node.Scalar {
        // Yams tags a quoted scalar `str` and leaves a plain one to its resolver (basic, as composed).
        Node.Scalar(node.text, Tag(node.plain ? .implicit : .str, .basic), node.plain ? .plain : .singleQuoted)
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try decode(String.self) as! T }
        if T.self == Bool.self { return try decode(Bool.self) as! T }
        if T.self == Int.self { return try decode(Int.self) as! T }
        if T.self == UInt64.self { return try decode(UInt64.self) as! T }
        // Yams's scalar types known by identity, not asked with `is any ScalarConstructible.Type`:
        // a cast the runtime answers by scanning every conformance record, once per type decoded.
        if let scalar = YamsScalars.constructors[ObjectIdentifier(T.self)] {
            if let number = scalar.number, !mayBeNumber(number) { throw TreeMismatch() }
            return try constructed(type, by: scalar.construct)
        }
        // Any other scalar type's `init(from:)` asks this node for itself again (`Double(from:)`
        // does): the cast is asked then, on that re-entry only.
        if reader.isDecoding(index, as: T.self) {
            guard let constructible = type as? any ScalarConstructible.Type else { throw TreeMismatch() }
            return try constructed(type) { constructible.construct(from: $0) }
        }
        reader.entering(index, as: T.self)
        defer { reader.leaving() }
        return try T(from: self)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    func child(_ index: Int) -> TreeDecoding {
        reader.mark(index, .value)
        return TreeDecoding(reader: reader, index: index)
    }
}

/// Any failure: the fallback decoder says what it is.
private struct TreeMismatch: Error {}

private struct TreeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: ParsedYAMLReader
    let mapping: Int

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        var seen: Set<String> = []
        return reader.tree.keys(ofMapping: mapping).compactMap { key in
            let text = reader.nodes[key].text
            return seen.insert(text).inserted ? Key(stringValue: text) : nil
        }
    }

    func contains(_ key: Key) -> Bool { reader.value(forKey: key.stringValue, inMapping: mapping) != nil }

    private func child(_ key: Key) throws -> TreeDecoding {
        guard let value = reader.value(forKey: key.stringValue, inMapping: mapping) else { throw TreeMismatch() }
        return TreeDecoding(reader: reader, index: mapping).child(value)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }

    /// One look-up where the protocol's default makes three (contains, decodeNil, decode).
    private func presentChild(_ key: Key) -> TreeDecoding? {
        guard let value = reader.value(forKey: key.stringValue, inMapping: mapping) else { return nil }
        let child = TreeDecoding(reader: reader, index: mapping).child(value)
        return child.decodeNil() ? nil : child
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentChild(key)?.decode(type) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentChild(key)?.decode(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentChild(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentChild(key)?.decode(type) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try presentChild(key)?.decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { TreeDecoding(reader: reader, index: mapping) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct TreeUnkeyed: UnkeyedDecodingContainer {
    let reader: ParsedYAMLReader
    let sequence: Int
    /// The node of the item at `currentIndex`.
    private var position: Int
    private(set) var currentIndex = 0
    let count: Int?

    init(reader: ParsedYAMLReader, sequence: Int) {
        self.reader = reader
        self.sequence = sequence
        position = sequence + 1
        var n = 0
        var i = position
        while i < Int(reader.nodes[sequence].end) { n += 1; i = Int(reader.nodes[i].end) }
        count = n
    }

    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { position >= Int(reader.nodes[sequence].end) }

    private mutating func next() throws -> TreeDecoding {
        guard !isAtEnd else { throw TreeMismatch() }
        defer {
            position = Int(reader.nodes[position].end)
            currentIndex += 1
        }
        return TreeDecoding(reader: reader, index: sequence).child(position)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw TreeMismatch() }
        guard reader.tree.isNull(position) else { return false }
        _ = try next()
        return true
    }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// Yams's `ScalarConstructible` types besides String, Bool, Int and UInt64 (which are read here
/// without it), each with its constructor. `DirectLoadTests` reads each against Yams's own reading.
enum YamsScalars {
    enum Number { case integer, float }

    struct Scalar: Sendable {
        let construct: @Sendable (Node.Scalar) -> Any?
        let number: Number?
    }

    static let constructors: [ObjectIdentifier: Scalar] = {
        var table: [ObjectIdentifier: Scalar] = [:]
        func add<T: ScalarConstructible>(_ type: T.Type, _ number: Number? = nil) {
            table[ObjectIdentifier(type)] = Scalar(construct: { T.construct(from: $0) }, number: number)
        }
        add(Double.self, .float); add(Float.self, .float)
        add(Date.self); add(Data.self); add(UUID.self); add(URL.self); add(Decimal.self)
        add(UInt.self, .integer); add(Int64.self, .integer); add(Int32.self, .integer); add(Int16.self, .integer)
        add(Int8.self, .integer); add(UInt32.self, .integer); add(UInt16.self, .integer); add(UInt8.self, .integer)
        return table
    }()
}
