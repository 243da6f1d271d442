import CYaml

/// A YAML document composed straight from libyaml's events into one flat array, for documents in
/// the plain form scenarios are written in: no anchor, alias, tag, `? key` or duplicate key, one
/// document, nesting within `YAMLBounds.maxDepth`. Anything else gives nil, and the document goes the way Yams composes it, which knows
/// every form and words every error; so does a document with a syntax error. Yams builds a node per
/// value with a tag object and a dictionary check per mapping: most of a 50,000-account load.
struct ParsedYAML {
    enum Kind: UInt8 { case scalar, mapping, sequence }

    /// A node and, for a mapping or a sequence, where its subtree ends. A mapping's children follow
    /// it as key, value, key, value…; a value's subtree ends where the next key starts.
    struct Node {
        var kind: Kind
        /// Plain, or quoted in some way (libyaml's styles): what Yams's scalar constructors look at.
        var plain: Bool
        /// The index after this node's subtree.
        var end: Int32
        var text: String
    }

    private(set) var nodes: [Node] = []
    /// Whether a scalar holds a character a scenario refuses (`ScenarioText`): the strict way then
    /// reads the document, and words the refusal with its line.
    private(set) var hasUnsafeText = false

    /// Nil where the document needs Yams (see above) or is not valid YAML.
    init?(composing yaml: String) {
        let composed = LibYAML.parsing(yaml) { compose(&$0) }
        guard composed == true, !nodes.isEmpty else { return nil }
    }

    /// Reads every event; false at the first one that needs Yams.
    private mutating func compose(_ parser: inout yaml_parser_t) -> Bool {
        nodes.reserveCapacity(1 << 10)
        // Open mappings and sequences: their index, kind, and for a mapping whether a key comes next.
        var open: [(index: Int, isMapping: Bool, keyNext: Bool)] = []
        var documents = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { return false }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                return documents == 1
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { return false }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let isKey = Self.takeTurn(&open)
                guard scalar.anchor == nil, scalar.tag == nil else { return false }
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                if !hasUnsafeText, value.hasTerminalUnsafeCharacter, !isFreeText(value, isKey: isKey, parent: open.last?.isMapping) {
                    hasUnsafeText = true
                }
                nodes.append(Node(kind: .scalar, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, end: Int32(nodes.count + 1), text: value))
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                let mapping = event.type == YAML_MAPPING_START_EVENT
                let (anchor, tag) = mapping ? (event.data.mapping_start.anchor, event.data.mapping_start.tag)
                                            : (event.data.sequence_start.anchor, event.data.sequence_start.tag)
                guard !Self.takeTurn(&open), anchor == nil, tag == nil else { return false }
                open.append((nodes.count, mapping, mapping))
                if open.count > YAMLBounds.maxDepth { return false }
                nodes.append(Node(kind: mapping ? .mapping : .sequence, plain: false, end: 0, text: ""))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                guard let (index, _, _) = open.popLast() else { return false }
                nodes[index].end = Int32(nodes.count)
                if nodes[index].kind == .mapping, hasDuplicateKey(mapping: index) { return false }
            default:  // an alias
                return false
            }
        }
    }

    /// A value under a free-text key (the key is the node before it) with only line breaks and tabs.
    private func isFreeText(_ value: String, isKey: Bool, parent isMapping: Bool?) -> Bool {
        guard !isKey, isMapping == true, let key = nodes.last, ScenarioText.freeTextKeys.contains(key.text) else { return false }
        return value.unicodeScalars.allSatisfy { !String.needsEscape($0) || $0 == "\n" || $0 == "\t" }
    }

    /// Whether a node starting now is a mapping's key (a mapping's children alternate key, value).
    private static func takeTurn(_ open: inout [(index: Int, isMapping: Bool, keyNext: Bool)]) -> Bool {
        guard let last = open.indices.last else { return false }
        let isKey = open[last].keyNext
        if open[last].isMapping { open[last].keyNext.toggle() }
        return isKey
    }

    /// The keys of the mapping at `index`, by the index of each key's node.
    func keys(ofMapping index: Int) -> KeyIndices { KeyIndices(nodes: nodes, start: index + 1, end: Int(nodes[index].end)) }

    struct KeyIndices: Sequence, IteratorProtocol {
        let nodes: [Node]
        var start: Int
        let end: Int
        mutating func next() -> Int? {
            guard start < end else { return nil }
            defer { start = Int(nodes[start + 1].end) }
            return start
        }
    }

    /// Yams refuses a key written twice in one mapping (it compares keys by text and resolved tag,
    /// and without tags every key resolves to a string): those go to Yams, which words the error.
    private func hasDuplicateKey(mapping index: Int) -> Bool {
        var small: [String] = []
        var large: Set<String>?
        for key in keys(ofMapping: index) {
            let text = nodes[key].text
            if large != nil {
                if large!.insert(text).inserted == false { return true }
            } else if small.contains(text) {
                return true
            } else if small.count < 16 {
                small.append(text)
            } else {
                large = Set(small)
                large!.insert(text)
            }
        }
        return false
    }

    /// Whether the node is a plain scalar that Yams reads as null (`~`, `null`, nothing…).
    func isNull(_ index: Int) -> Bool {
        let node = nodes[index]
        guard node.kind == .scalar, node.plain else { return false }
        switch node.text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}

/// libyaml's parser over a text.
enum LibYAML {
    /// `body`'s answer with a parser reading `yaml` as UTF-8; nil for an empty text or a parser
    /// that cannot start.
    static func parsing<T>(_ yaml: String, _ body: (inout yaml_parser_t) -> T?) -> T? {
        var text = yaml
        return text.withUTF8 { bytes -> T? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, base, bytes.count)
            return body(&parser)
        }
    }
}
