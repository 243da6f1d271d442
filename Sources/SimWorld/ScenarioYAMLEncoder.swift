import Yams

/// Encodes a scenario to YAML in time linear in its size. Yams's `YAMLEncoder` rebuilds a sequence
/// node's array for every element it appends (each append copies the array), which made exporting
/// 50,000 accounts or 20,000 sessions take minutes. This encoder collects the tree in reference
/// boxes, builds each `Node` once, and hands it to Yams's emitter: the same nodes (`YAMLEncodable`
/// scalars boxed as Yams boxes them, implicit tags, mappings in encoding order), so the same text.
enum ScenarioYAMLEncoder {
    static func encode(_ value: some Encodable, options: Emitter.Options) throws -> String {
        let root = NodeBox()
        try root.encoder(options: options).encodeValue(value)
        // The emitter's options as Yams's encoder passes them (the styles are in the nodes).
        return try serialize(nodes: [root.node(options)], canonical: options.canonical, indent: options.indent,
                             width: options.width, allowUnicode: options.allowUnicode, lineBreak: options.lineBreak,
                             explicitStart: options.explicitStart, explicitEnd: options.explicitEnd,
                             version: options.version, sortKeys: options.sortKeys)
    }
}

private extension Node {
    static var null: Node { Node("null", Tag(.null)) }
}

/// A node under construction: set once, as a scalar, a mapping (keys in order) or a sequence.
private final class NodeBox {
    enum Content {
        case unused
        case value(Node)
        case mapping(keys: [String], values: [String: NodeBox])
        case sequence([NodeBox])
    }
    var content = Content.unused

    func encoder(options: Emitter.Options, codingPath: [any CodingKey] = []) -> BoxEncoder {
        BoxEncoder(box: self, options: options, codingPath: codingPath)
    }

    func node(_ options: Emitter.Options) -> Node {
        switch content {
        case .unused: return Node([(Node, Node)](), .implicit, options.mappingStyle)
        case .value(let node): return node
        case .mapping(let keys, let values):
            return Node(keys.map { (Node($0), values[$0]!.node(options)) }, .implicit, options.mappingStyle)
        case .sequence(let items):
            return Node(items.map { $0.node(options) }, .implicit, options.sequenceStyle)
        }
    }

    /// The box for `key` in this mapping (made a mapping if it is still unused).
    func child(forKey key: String) -> NodeBox {
        var (keys, values): ([String], [String: NodeBox]) = ([], [:])
        if case .mapping(let k, let v) = content { (keys, values) = (k, v) }
        if let existing = values[key] { return existing }
        let box = NodeBox()
        content = .unused  // drop the reference so the arrays below are appended to in place
        keys.append(key)
        values[key] = box
        content = .mapping(keys: keys, values: values)
        return box
    }

    func appendChild() -> NodeBox {
        var items: [NodeBox] = []
        if case .sequence(let i) = content { items = i }
        content = .unused
        let box = NodeBox()
        items.append(box)
        content = .sequence(items)
        return box
    }

    var sequenceCount: Int {
        if case .sequence(let items) = content { return items.count }
        return 0
    }
}

private struct BoxEncoder: Encoder, SingleValueEncodingContainer {
    let box: NodeBox
    let options: Emitter.Options
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .unused = box.content { box.content = .mapping(keys: [], values: [:]) }
        return KeyedEncodingContainer(KeyedBoxContainer(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unused = box.content { box.content = .sequence([]) }
        return UnkeyedBoxContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { box.content = .value(.null) }

    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    func encodeValue<T: Encodable>(_ value: T) throws {
        if let scalar = value as? any YAMLEncodable {
            var node = scalar.box()
            // As Yams does: a string with a line break takes the emitter's style for those.
            if let text = scalar as? any StringProtocol, text.contains("\n") { node.scalar?.style = options.newLineScalarStyle }
            box.content = .value(node)
        } else {
            try value.encode(to: self)
        }
    }

    func child(_ box: NodeBox, _ key: any CodingKey) -> BoxEncoder {
        BoxEncoder(box: box, options: options, codingPath: codingPath + [key])
    }
}

private struct KeyedBoxContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: BoxEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil(forKey key: Key) throws { encoder.box.child(forKey: key.stringValue).content = .value(.null) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.child(encoder.box.child(forKey: key.stringValue), key).encodeValue(value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(encoder.box.child(forKey: key.stringValue), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.child(encoder.box.child(forKey: key.stringValue), key).unkeyedContainer()
    }

    func superEncoder() -> any Encoder { encoder.child(encoder.box.child(forKey: "super"), SuperKey()) }
    func superEncoder(forKey key: Key) -> any Encoder { encoder.child(encoder.box.child(forKey: key.stringValue), key) }
}

private struct UnkeyedBoxContainer: UnkeyedEncodingContainer {
    let encoder: BoxEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.box.sequenceCount }

    private func next() -> BoxEncoder {
        let index = count
        return encoder.child(encoder.box.appendChild(), IndexKey(intValue: index))
    }

    mutating func encodeNil() throws { encoder.box.appendChild().content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}

private struct IndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
