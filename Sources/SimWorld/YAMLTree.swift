import Yams

/// An encoded scenario, flat: one array of entries linked by index (parent, first child, next
/// sibling) instead of a class per node and a dictionary per mapping, whose allocations, reference
/// counting and key hashing were three quarters of exporting 50,000 accounts. Entry 0 is the root.
/// A scalar keeps its text and how it is quoted; a scalar of another kind (a `YAMLEncodable` such
/// as a `Double`) keeps Yams's node in `otherScalars`, so the tree still converts to the nodes
/// Yams's emitter would be given.
final class YAMLTree {
    enum Kind: UInt8 { case unused, scalar, mapping, sequence }
    /// The tag a scalar is given for Yams's emitter (implicit in the text: only the fallback needs it).
    enum ScalarTag: UInt8 { case str, int, bool, null, other }

    struct Entry {
        /// The key in its parent mapping ("" for a sequence's item).
        var key: String
        var text = ""
        var parent: Int32
        var firstChild: Int32 = -1, lastChild: Int32 = -1, nextSibling: Int32 = -1
        var childCount: Int32 = 0
        /// For `.other`, the scalar's index in `otherScalars`.
        var otherScalar: Int32 = -1
        var kind = Kind.unused
        var tag = ScalarTag.str
        var style = Node.Scalar.Style.any
        /// How `YAMLBlockWriter` writes the scalar (decided in the pass that decides its style).
        var form = WrittenForm.byYams
    }

    // Unchecked: only this class changes them, never while they are being read (the checks were a
    // tenth of an export).
    @exclusivity(unchecked) private(set) var entries: [Entry] = [Entry(key: "", parent: -1)]
    @exclusivity(unchecked) private(set) var otherScalars: [Node] = []
    /// Keys to children for mappings past `indexedFrom` keys (a dictionary encoded as a mapping):
    /// smaller ones are scanned, which is cheaper than hashing.
    @exclusivity(unchecked) private var keyIndexes: [Int32: [String: Int32]] = [:]
    private static let indexedFrom: Int32 = 16

    static let root: Int32 = 0

    /// Room for `capacity` entries at once (a large allocation is mapped lazily: room not reached is not touched).
    init(capacity: Int = 0) { entries.reserveCapacity(capacity) }

    subscript(_ i: Int32) -> Entry { entries[Int(i)] }

    /// The child for `key` in mapping `i` (made a mapping if it is not one), the same child when a
    /// key is encoded again (a type that encodes into its parent's container).
    func child(of i: Int32, key: String) -> Int32 {
        if entries[Int(i)].kind != .mapping { makeContainer(i, .mapping) }
        // Indexed exactly when it has that many keys (asking the dictionary would hash every time).
        let indexed = entries[Int(i)].childCount >= Self.indexedFrom
        if indexed {
            if let existing = keyIndexes[i]![key] { return existing }
        } else {
            var c = entries[Int(i)].firstChild
            while c >= 0 {
                if entries[Int(c)].key == key { return c }
                c = entries[Int(c)].nextSibling
            }
        }
        let c = append(to: i, key: key)
        if indexed {
            keyIndexes[i]![key] = c
        } else if entries[Int(i)].childCount == Self.indexedFrom {
            var index: [String: Int32] = [:]
            var k = entries[Int(i)].firstChild
            while k >= 0 { index[entries[Int(k)].key] = k; k = entries[Int(k)].nextSibling }
            keyIndexes[i] = index
        }
        return c
    }

    /// A new last item of sequence `i` (made a sequence if it is not one).
    func appendItem(to i: Int32) -> Int32 {
        if entries[Int(i)].kind != .sequence { makeContainer(i, .sequence) }
        return append(to: i, key: "")
    }

    /// Makes `i` an empty mapping or sequence if it is not yet a container; one that is keeps its
    /// children (several containers of one encoder write into the same node).
    func open(_ i: Int32, as kind: Kind) {
        if entries[Int(i)].kind == .unused { makeContainer(i, kind) }
    }

    func setScalar(_ i: Int32, _ text: String, tag: ScalarTag, style: Node.Scalar.Style, form: WrittenForm) {
        clearChildren(i)
        entries[Int(i)].kind = .scalar
        entries[Int(i)].text = text
        entries[Int(i)].tag = tag
        entries[Int(i)].style = style
        entries[Int(i)].form = form
    }

    func setOtherScalar(_ i: Int32, _ node: Node) {
        setScalar(i, "", tag: .other, style: .any, form: .byYams)
        entries[Int(i)].otherScalar = Int32(otherScalars.count)
        otherScalars.append(node)
    }

    /// The children of `i`, in order.
    func children(of i: Int32) -> Children { Children(tree: self, cursor: entries[Int(i)].firstChild) }

    struct Children: Sequence, IteratorProtocol {
        let tree: YAMLTree
        var cursor: Int32
        mutating func next() -> Int32? {
            guard cursor >= 0 else { return nil }
            defer { cursor = tree.entries[Int(cursor)].nextSibling }
            return cursor
        }
    }

    /// The coding path to `i`, built only when asked (an error's context): keys, and items' positions.
    func codingPath(to i: Int32) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var i = i
        while entries[Int(i)].parent >= 0 {
            let parent = entries[Int(i)].parent
            if entries[Int(parent)].kind == .sequence {
                path.append(PathKey(intValue: children(of: parent).enumerated().first { $0.element == i }?.offset ?? 0))
            } else {
                path.append(PathKey(stringValue: entries[Int(i)].key))
            }
            i = parent
        }
        return path.reversed()
    }

    private func makeContainer(_ i: Int32, _ kind: Kind) {
        clearChildren(i)
        entries[Int(i)].kind = kind
    }

    /// Drops `i`'s children (a value encoded again replaces what was there); they stay in the array, unreachable.
    private func clearChildren(_ i: Int32) {
        guard entries[Int(i)].childCount > 0 else { return }
        entries[Int(i)].firstChild = -1
        entries[Int(i)].lastChild = -1
        entries[Int(i)].childCount = 0
        keyIndexes[i] = nil
    }

    private func append(to i: Int32, key: String) -> Int32 {
        let c = Int32(entries.count)
        entries.append(Entry(key: key, parent: i))
        let last = entries[Int(i)].lastChild
        if last >= 0 { entries[Int(last)].nextSibling = c } else { entries[Int(i)].firstChild = c }
        entries[Int(i)].lastChild = c
        entries[Int(i)].childCount += 1
        return c
    }
}

extension YAMLTree {
    /// Yams's nodes for entry `i`, as Yams's encoder builds them (mappings in encoding order, the
    /// options' styles); tags are implicit in the text, so explicit ones change nothing but the time.
    func node(_ i: Int32, _ options: Emitter.Options, tags: ScalarTags) -> Node {
        let entry = self[i]
        switch entry.kind {
        case .unused: return Node([(Node, Node)](), tags.map, options.mappingStyle)
        case .scalar: return scalarNode(entry, tags: tags)
        case .mapping:
            return Node(children(of: i).map { (Node.scalar(.init(self[$0].key, tags.str)), node($0, options, tags: tags)) },
                        tags.map, options.mappingStyle)
        case .sequence:
            return Node(children(of: i).map { node($0, options, tags: tags) }, tags.seq, options.sequenceStyle)
        }
    }

    func scalarNode(_ entry: Entry, tags: ScalarTags) -> Node {
        switch entry.tag {
        case .str: .scalar(.init(entry.text, tags.str, entry.style))
        case .int: .scalar(.init(entry.text, tags.int, entry.style))
        case .bool: .scalar(.init(entry.text, tags.bool, entry.style))
        case .null: .scalar(.init(entry.text, tags.null, entry.style))
        case .other: otherScalars[Int(entry.otherScalar)]
        }
    }
}

/// The tags of the scalars written, one instance each: an explicit tag is never resolved again, and
/// each `Tag(…)` Yams makes builds its constructor's table anew.
struct ScalarTags {
    let str = Tag(.str), int = Tag(.int), bool = Tag(.bool), null = Tag(.null)
    let map = Tag(.map), seq = Tag(.seq)
}

/// A key of a coding path rebuilt from the tree.
struct PathKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    init(intValue: Int) { (stringValue, self.intValue) = (String(intValue), intValue) }
}
