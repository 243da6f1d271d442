import Foundation  // for `contains` as Yams's encoder calls it (see `hasLineBreak`)
import Yams

/// Encodes a scenario to YAML in time linear in its size. Yams's `YAMLEncoder` rebuilds a sequence
/// node's array for every element it appends (each append copies the array), which made exporting
/// 50,000 accounts or 20,000 sessions take minutes. This encoder collects the tree in reference
/// boxes, then writes it: by `YAMLBlockWriter` where it knows the text libyaml's emitter would write,
/// else by building each `Node` once and handing it to Yams's emitter: the same nodes
/// (`YAMLEncodable` scalars boxed as Yams boxes them, mappings in encoding order), so the same text.
/// Strings carry an explicit `str` tag, their quoting decided by `YAMLStringStyle`: with implicit
/// tags Yams would run its resolver's regular expressions on each of them twice (to quote, then to
/// emit a tag that the emitter leaves out of the text anyway).
enum ScenarioYAMLEncoder {
    /// `direct: false` always hands the nodes to Yams's emitter (the reference the writer is tested against).
    static func encode(_ value: some Encodable, options: Emitter.Options, direct: Bool = true) throws -> String {
        let (root, tags) = try boxes(value, options: options)
        if direct, let text = YAMLBlockWriter.write(root, options: options) { return text }
        // The emitter's options as Yams's encoder passes them (the styles are in the nodes).
        return try serialize(nodes: [root.node(options, tags: tags)], canonical: options.canonical, indent: options.indent,
                             width: options.width, allowUnicode: options.allowUnicode, lineBreak: options.lineBreak,
                             explicitStart: options.explicitStart, explicitEnd: options.explicitEnd,
                             version: options.version, sortKeys: options.sortKeys)
    }

    /// The writer's text, or nil where it leaves the tree to Yams.
    static func directText(_ value: some Encodable, options: Emitter.Options) throws -> String? {
        YAMLBlockWriter.write(try boxes(value, options: options).root, options: options)
    }

    private static func boxes(_ value: some Encodable, options: Emitter.Options) throws -> (root: NodeBox, tags: ScalarTags) {
        let root = NodeBox()
        let tags = ScalarTags()
        try root.encoder(options: options, tags: tags).encodeValue(value)
        return (root, tags)
    }
}

/// The tags of the scalars written, one instance each: an explicit tag is never resolved again, and
/// each `Tag(…)` Yams makes builds its constructor's table anew.
struct ScalarTags {
    let str = Tag(.str), int = Tag(.int), bool = Tag(.bool), null = Tag(.null)
    let map = Tag(.map), seq = Tag(.seq)
}

/// A node under construction: set once, as a scalar, a mapping (keys in order) or a sequence.
final class NodeBox {
    enum Content {
        case unused
        case value(Node)
        case mapping(keys: [String], values: [String: NodeBox])
        case sequence([NodeBox])
    }
    var content = Content.unused

    fileprivate func encoder(options: Emitter.Options, tags: ScalarTags) -> BoxEncoder {
        BoxEncoder(box: self, options: options, tags: tags, codingPath: [])
    }

    /// Tags are implicit in the text (the emitter leaves them out), so explicit ones change nothing
    /// but the time.
    func node(_ options: Emitter.Options, tags: ScalarTags) -> Node {
        switch content {
        case .unused: return Node([(Node, Node)](), tags.map, options.mappingStyle)
        case .value(let node): return node
        case .mapping(let keys, let values):
            return Node(keys.map { (Node.scalar(.init($0, tags.str)), values[$0]!.node(options, tags: tags)) }, tags.map, options.mappingStyle)
        case .sequence(let items):
            return Node(items.map { $0.node(options, tags: tags) }, tags.seq, options.sequenceStyle)
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
    let tags: ScalarTags
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

    func encodeNil() throws { try encodeNil(into: box) }

    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    func encodeValue<T: Encodable>(_ value: T) throws {
        var node: Node
        // Strings, whole numbers and booleans as Yams's `represented()` writes them, with shared tags;
        // as Yams does, a string with a line break takes the emitter's style for those.
        if let text = value as? String {
            node = stringNode(text)
        } else if let flag = value as? Bool {
            node = boolNode(flag)
        } else if let number = value as? any BinaryInteger {
            node = .scalar(.init(String(describing: number), tags.int))
        } else if let scalar = value as? any YAMLEncodable {
            node = scalar.box()
            if let text = value as? any StringProtocol, text.contains("\n") { node.scalar?.style = options.newLineScalarStyle }
        } else {
            return try value.encode(to: self)
        }
        box.content = .value(node)
    }

    func encodeNil(into box: NodeBox) throws { box.content = .value(Node("null", tags.null)) }

    func stringNode(_ text: String) -> Node {
        var node = Node.scalar(.init(text, tags.str, YAMLStringStyle.mustQuote(text) ? .singleQuoted : .any))
        if Self.hasLineBreak(text) { node.scalar?.style = options.newLineScalarStyle }
        return node
    }

    func boolNode(_ flag: Bool) -> Node { .scalar(.init(flag ? "true" : "false", tags.bool)) }

    /// Yams's test, `text.contains("\n")` through Foundation, which is slow: without a carriage
    /// return (where graphemes could matter) it is whether a line feed is there.
    private static func hasLineBreak(_ text: String) -> Bool {
        let bytes = text.utf8
        if bytes.contains(UInt8(ascii: "\r")) { return text.contains("\n") }
        return bytes.contains(UInt8(ascii: "\n"))
    }

    func child(_ box: NodeBox, _ key: any CodingKey) -> BoxEncoder {
        BoxEncoder(box: box, options: options, tags: tags, codingPath: codingPath + [key])
    }
}

private struct KeyedBoxContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: BoxEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil(forKey key: Key) throws { try encoder.encodeNil(into: encoder.box.child(forKey: key.stringValue)) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.child(encoder.box.child(forKey: key.stringValue), key).encodeValue(value)
    }

    // The scalars most keys hold, written straight into their node: through the generic path each
    // made an encoder and ran dynamic casts (a third of exporting 20,000 sessions).
    func encode(_ value: String, forKey key: Key) throws {
        encoder.box.child(forKey: key.stringValue).content = .value(encoder.stringNode(value))
    }

    func encode(_ value: Bool, forKey key: Key) throws {
        encoder.box.child(forKey: key.stringValue).content = .value(encoder.boolNode(value))
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

    mutating func encodeNil() throws { try encoder.encodeNil(into: encoder.box.appendChild()) }
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
