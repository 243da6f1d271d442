import Foundation
import Yams

/// Decodes a composed YAML node tree as Yams' `YAMLDecoder` does (the same scalar constructors, the
/// same errors and coding paths), in time linear in the document: Yams finds a mapping's key by
/// comparing nodes one by one, each comparison resolving both tags through regular expressions,
/// which made a 50,000-account scenario take 20 s to read. Here a mapping's keys are read once into
/// a dictionary. A document with a merge key (`<<`) goes to Yams, which knows how to flatten it.
enum NodeDecoder {
    /// The value, and what decoding read of the tree (nil when Yams decoded it, for a merge key).
    /// `mayMerge`: whether the text has a `<<` at all (without one, the tree is not searched for it).
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, mayMerge: Bool = true) throws -> (value: T, read: ReadTree?) {
        if mayMerge, hasMergeKey(node) { return (try YAMLDecoder().decode(type, from: node), nil) }
        let top = ReadTree()
        let value = try NodeDecoding(node: node, codingPath: [], parent: top, slot: .key("")).decodeValue(type)
        guard case .container(let read)? = top.children[.key("")] else { return (value, ReadTree()) }
        return (value, read)
    }

    private static func hasMergeKey(_ node: Node) -> Bool {
        switch node {
        case .mapping(let m): m.contains { $0.key.string == "<<" || hasMergeKey($0.value) }
        case .sequence(let s): s.contains(where: hasMergeKey)
        default: false
        }
    }
}

/// What decoding read of a mapping or a list: the keys (or positions) it asked for, and what it read
/// inside each. A key written but never asked for is one the format does not know.
final class ReadTree {
    enum Slot: Hashable { case key(String), index(Int) }
    enum Read { case value, container(ReadTree) }
    var children: [Slot: Read] = [:]

    /// Asked for: kept as it is if it was read already (a container's reads are kept).
    func markRead(_ slot: Slot) {
        if children[slot] == nil { children[slot] = .value }
    }

    /// The tree of the container at `slot`, made on first use: a node can be read through several
    /// containers (a world's own keys, then its systems' sections), and the reads add up.
    func container(at slot: Slot) -> ReadTree {
        if case .container(let tree)? = children[slot] { return tree }
        let tree = ReadTree()
        children[slot] = .container(tree)
        return tree
    }
}

private struct NodeDecoding: Decoder, SingleValueDecodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    /// Where this node stands in what was read.
    let parent: ReadTree
    let slot: ReadTree.Slot
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = node else { throw mismatch(Node.Mapping.self) }
        return KeyedDecodingContainer(NodeKeyed<Key>(decoder: self, mapping: mapping, read: parent.container(at: slot)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else { throw mismatch(Node.Sequence.self) }
        return NodeUnkeyed(decoder: self, nodes: Array(sequence), read: parent.container(at: slot))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ node: Node, _ key: any CodingKey, in read: ReadTree, at slot: ReadTree.Slot) -> NodeDecoding {
        read.markRead(slot)
        return NodeDecoding(node: node, codingPath: codingPath + [key], parent: read, slot: slot)
    }

    func mismatch(_ expectation: Any.Type) -> DecodingError {
        let reality: Any.Type = switch node {
        case .scalar: Node.Scalar.self
        case .mapping: Node.Mapping.self
        case .sequence: Node.Sequence.self
        default: Node.self
        }
        return .typeMismatch(expectation, .init(codingPath: codingPath, debugDescription: "Expected to decode \(expectation) but found \(reality) instead."))
    }

    func decodeNil() -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return NSNull.construct(from: scalar) != nil
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        guard let constructible = type as? any ScalarConstructible.Type else { return try T(from: self) }
        guard case .scalar(let scalar) = node else { throw mismatch(Node.Scalar.self) }
        guard let value = constructible.construct(from: scalar) as? T else { throw mismatch(type) }
        if let problem = NumberBounds.problem(of: value) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: problem))
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

private struct NodeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoding
    /// The first value of each key, as Yams' look-up finds it.
    let values: [String: Node]
    let order: [String]
    let read: ReadTree

    init(decoder: NodeDecoding, mapping: Node.Mapping, read: ReadTree) {
        self.decoder = decoder
        self.read = read
        var values: [String: Node] = [:]
        var order: [String] = []
        for (k, v) in mapping {
            guard let key = k.string, values[key] == nil else { continue }
            values[key] = v
            order.append(key)
        }
        self.values = values
        self.order = order
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { order.compactMap(Key.init(stringValue:)) }
    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    private func child(_ key: Key) throws -> NodeDecoding {
        guard let node = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(node, key, in: read, at: .key(key.stringValue))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct NodeUnkeyed: UnkeyedDecodingContainer {
    let decoder: NodeDecoding
    let nodes: [Node]
    let read: ReadTree
    var currentIndex = 0

    init(decoder: NodeDecoding, nodes: [Node], read: ReadTree) {
        self.decoder = decoder
        self.nodes = nodes
        self.read = read
    }

    private func item(_ index: Int) -> NodeDecoding {
        decoder.child(nodes[index], IndexKey(index), in: read, at: .index(index))
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { nodes.count }
    var isAtEnd: Bool { currentIndex >= nodes.count }

    private mutating func next<T>(_ type: T.Type) throws -> NodeDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return item(currentIndex)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any?.self, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at end.")) }
        if item(currentIndex).decodeNil() {
            currentIndex += 1
            return true
        }
        return false
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decodeValue(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next(Any.self).unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}

/// A position in a list, as a coding key (`accounts.3`).
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
