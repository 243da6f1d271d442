import Foundation  // for `contains` as Yams's encoder calls it (see `setString`)
import Yams

/// Encodes a scenario to YAML in time linear in its size. Yams's `YAMLEncoder` rebuilds a sequence
/// node's array for every element it appends (each append copies the array), which made exporting
/// 50,000 accounts or 20,000 sessions take minutes. This encoder collects a flat tree (`YAMLTree`),
/// then writes it: by `YAMLBlockWriter` where it knows the text libyaml's emitter would write, else
/// by building each `Node` once and handing it to Yams's emitter: the same nodes (`YAMLEncodable`
/// scalars boxed as Yams boxes them, mappings in encoding order), so the same text. Strings carry an
/// explicit `str` tag, their quoting decided by `YAMLStringStyle`: with implicit tags Yams would run
/// its resolver's regular expressions on each of them twice (to quote, then to emit a tag that the
/// emitter leaves out of the text anyway).
enum ScenarioYAMLEncoder {
    /// `direct: false` always hands the nodes to Yams's emitter (the reference the writer is tested
    /// against). `expectedEntries` (keys and items) is room made at once: growing the tree copies it.
    static func encode(_ value: some Encodable, options: Emitter.Options, direct: Bool = true, expectedEntries: Int = 0) throws -> String {
        let tree = try tree(value, options: options, expectedEntries: expectedEntries)
        if direct, let text = YAMLBlockWriter.write(tree, options: options) { return text }
        // The emitter's options as Yams's encoder passes them (the styles are in the nodes).
        return try serialize(nodes: [tree.node(YAMLTree.root, options, tags: ScalarTags())], canonical: options.canonical,
                             indent: options.indent, width: options.width, allowUnicode: options.allowUnicode,
                             lineBreak: options.lineBreak, explicitStart: options.explicitStart, explicitEnd: options.explicitEnd,
                             version: options.version, sortKeys: options.sortKeys)
    }

    /// The writer's text, or nil where it leaves the tree to Yams.
    static func directText(_ value: some Encodable, options: Emitter.Options) throws -> String? {
        YAMLBlockWriter.write(try tree(value, options: options), options: options)
    }

    private static func tree(_ value: some Encodable, options: Emitter.Options, expectedEntries: Int = 0) throws -> YAMLTree {
        let context = EncodingContext(newLineStyle: options.newLineScalarStyle, expectedEntries: expectedEntries)
        try withExtendedLifetime(context) { try TreeEncoder(context: context, entry: YAMLTree.root).encodeValue(value) }
        return context.tree
    }
}

/// What one export's encoders share: the tree, and what each type of value was found to be.
private final class EncodingContext {
    let tree: YAMLTree
    /// The style Yams's encoder gives a string with a line break.
    let newLineStyle: Node.Scalar.Style
    /// Few types (a world has about twenty): a list is quicker to search than a dictionary to hash.
    @exclusivity(unchecked) private var kinds: [(type: ObjectIdentifier, kind: ValueKind)] = []

    init(newLineStyle: Node.Scalar.Style, expectedEntries: Int) {
        (self.newLineStyle, tree) = (newLineStyle, YAMLTree(capacity: expectedEntries))
    }

    enum ValueKind { case string, bool, integer, yamlScalar, composite }

    /// What a value of type `T` is, by the dynamic casts Yams's encoder makes, asked once per type:
    /// each cast to a protocol is a conformance lookup, and most values (an account, a VIN) are
    /// neither. Classes and optionals are asked every time (a subclass, or `nil`, can answer otherwise;
    /// an optional string is a string).
    func kind<T>(of value: T) -> ValueKind {
        let type = ObjectIdentifier(T.self)
        for known in kinds where known.type == type { return known.kind }
        let kind: ValueKind = value is String ? .string : value is Bool ? .bool : value is any BinaryInteger ? .integer
            : value is any YAMLEncodable ? .yamlScalar : .composite
        if !(T.self is AnyClass), !(T.self is any OptionalValue.Type) { kinds.append((type, kind)) }
        return kind
    }
}

private protocol OptionalValue {}
extension Optional: OptionalValue {}

/// The encoder of one entry: two references and an index, so that handing it on as `any Encoder`
/// (as every `encode(to:)` does) stores it inline instead of allocating a box. The references are
/// neither counted nor retained around each use (that was a tenth of an export): the context
/// outlives every encoder of its export.
private struct TreeEncoder: Encoder, SingleValueEncodingContainer {
    private let contextRef: Unmanaged<EncodingContext>
    private let treeRef: Unmanaged<YAMLTree>
    let entry: Int32

    func tree<R>(_ body: (YAMLTree) throws -> R) rethrows -> R { try treeRef._withUnsafeGuaranteedRef(body) }
    func context<R>(_ body: (EncodingContext) throws -> R) rethrows -> R { try contextRef._withUnsafeGuaranteedRef(body) }
    var codingPath: [any CodingKey] { tree { $0.codingPath(to: entry) } }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(context: EncodingContext, entry: Int32) {
        (contextRef, treeRef, self.entry) = (Unmanaged.passUnretained(context), Unmanaged.passUnretained(context.tree), entry)
    }

    private init(_ encoder: TreeEncoder, entry: Int32) { (contextRef, treeRef, self.entry) = (encoder.contextRef, encoder.treeRef, entry) }

    func at(_ entry: Int32) -> TreeEncoder { TreeEncoder(self, entry: entry) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        tree { $0.open(entry, as: .mapping) }
        return KeyedEncodingContainer(KeyedTreeContainer(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        tree { $0.open(entry, as: .sequence) }
        return UnkeyedTreeContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // The scalars most values are, written straight into the entry: through the generic path each
    // ran dynamic casts.
    func encodeNil() throws { tree { $0.setScalar(entry, "null", tag: .null, style: .any, form: .plain) } }
    func encode(_ value: String) throws { setString(entry, value) }
    func encode(_ value: Bool) throws { tree { $0.setScalar(entry, value ? "true" : "false", tag: .bool, style: .any, form: .plain) } }
    func encode(_ value: Int) throws { setInteger(entry, value) }
    func encode(_ value: Int8) throws { setInteger(entry, value) }
    func encode(_ value: Int16) throws { setInteger(entry, value) }
    func encode(_ value: Int32) throws { setInteger(entry, value) }
    func encode(_ value: Int64) throws { setInteger(entry, value) }
    func encode(_ value: UInt) throws { setInteger(entry, value) }
    func encode(_ value: UInt8) throws { setInteger(entry, value) }
    func encode(_ value: UInt16) throws { setInteger(entry, value) }
    func encode(_ value: UInt32) throws { setInteger(entry, value) }
    func encode(_ value: UInt64) throws { setInteger(entry, value) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    /// Strings, whole numbers and booleans as Yams's `represented()` writes them; other
    /// `YAMLEncodable` scalars boxed by Yams; anything else encodes itself into this entry.
    func encodeValue<T: Encodable>(_ value: T) throws {
        // The common scalars by their metatype (the check is a comparison; `T` is `U`, so the bits are a `U`).
        if T.self == String.self {
            setString(entry, unsafeBitCast(value, to: String.self))
        } else if T.self == Bool.self {
            try encode(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Int.self {
            setInteger(entry, unsafeBitCast(value, to: Int.self))
        } else if T.self == UInt64.self {
            setInteger(entry, unsafeBitCast(value, to: UInt64.self))
        } else {
            switch context({ $0.kind(of: value) }) {
            case .string: setString(entry, value as! String)
            case .bool: try encode(value as! Bool)
            case .integer:
                let number = value as! any BinaryInteger
                setInteger(entry, number)
            case .yamlScalar:
                var node = (value as! any YAMLEncodable).box()
                // As Yams does, a string with a line break takes the emitter's style for those.
                if let text = value as? any StringProtocol, text.contains("\n") { node.scalar?.style = context { $0.newLineStyle } }
                tree { $0.setOtherScalar(entry, node) }
            case .composite:
                try value.encode(to: self)
            }
        }
    }

    /// A string single-quoted where Yams's resolver would read it as something else, in the
    /// emitter's style for line breaks where it has one (Yams's `text.contains("\n")`: without a
    /// carriage return, where graphemes could matter, that is whether a line feed is there).
    func setString(_ entry: Int32, _ text: String) {
        let scan = TextScan(text)
        let hasLineBreak = scan.carriageReturn ? text.contains("\n") : scan.lineFeed
        let style: Node.Scalar.Style = hasLineBreak ? context { $0.newLineStyle } : YAMLStringStyle.mustQuote(text) ? .singleQuoted : .any
        tree { $0.setScalar(entry, text, tag: .str, style: style, form: WrittenForm(scan, style: style)) }
    }

    func setInteger(_ entry: Int32, _ number: some BinaryInteger) {
        let text = String(number)
        tree { $0.setScalar(entry, text, tag: .int, style: .any, form: WrittenForm(TextScan(text), style: .any)) }
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func child(_ key: Key) -> Int32 { encoder.tree { $0.child(of: encoder.entry, key: key.stringValue) } }

    func encodeNil(forKey key: Key) throws { try encoder.at(child(key)).encodeNil() }
    func encode(_ value: String, forKey key: Key) throws { encoder.setString(child(key), value) }
    func encode(_ value: Bool, forKey key: Key) throws { try encoder.at(child(key)).encode(value) }
    func encode(_ value: Int, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: Int8, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: Int16, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: Int32, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: Int64, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: UInt, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: UInt8, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: UInt16, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: UInt32, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode(_ value: UInt64, forKey key: Key) throws { encoder.setInteger(child(key), value) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.at(child(key)).encodeValue(value) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.at(child(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder.at(child(key)).unkeyedContainer() }
    func superEncoder() -> any Encoder { encoder.at(encoder.tree { $0.child(of: encoder.entry, key: "super") }) }
    func superEncoder(forKey key: Key) -> any Encoder { encoder.at(child(key)) }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { Int(encoder.tree { $0.entries[Int(encoder.entry)].childCount }) }

    private func next() -> TreeEncoder { encoder.at(encoder.tree { $0.appendItem(to: encoder.entry) }) }

    mutating func encodeNil() throws { try next().encodeNil() }
    mutating func encode(_ value: String) throws { try next().encode(value) }
    mutating func encode(_ value: Bool) throws { try next().encode(value) }
    mutating func encode(_ value: Int) throws { try next().encode(value) }
    mutating func encode(_ value: UInt64) throws { try next().encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}
