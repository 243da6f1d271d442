import Yams

/// Writes a scenario's tree as libyaml's emitter writes it with the exporter's options (block
/// style, indent 2, no line width, unicode), byte for byte, without going through Yams's nodes and
/// emitter, whose cost per scalar made exporting 50,000 accounts take seconds. The layout is
/// libyaml's: a mapping's keys at its indent, a sequence inside a mapping at the key's indent
/// (`- ` items), a mapping or sequence inside an item starting on the item's line, `{}` and `[]` for
/// empty ones. Plain scalars of plain characters and single-quoted ones of printable ASCII are
/// written here; any other scalar is written by Yams itself and placed (its continuation lines
/// indented as they would be in place). A tree this writer does not know (other options, a key that
/// is not a plain name) gives nil: Yams writes it.
enum YAMLBlockWriter {
    static func write(_ tree: YAMLTree, options: Emitter.Options) -> String? {
        // libyaml takes an indent outside 2…9 as 2.
        guard (2...9).contains(options.indent) ? options.indent == 2 : true, options.width < 0, options.allowUnicode, !options.canonical, !options.explicitStart,
              !options.explicitEnd, options.version == nil, !options.sortKeys, options.lineBreak == .ln,
              options.mappingStyle == .any, options.sequenceStyle == .any, options.newLineScalarStyle == .any,
              tree[YAMLTree.root].kind == .mapping, tree[YAMLTree.root].childCount > 0 else { return nil }
        return tree.entries.withUnsafeBufferPointer { entries in
            var writer = Writer(tree: tree, entries: entries, options: options)
            guard writer.mapping(YAMLTree.root, indent: 0, firstInline: false) else { return nil }
            return String(decoding: writer.out, as: UTF8.self)
        }
    }

    private struct Writer {
        let tree: YAMLTree
        /// The tree's entries, read in place (copying one out retains its strings).
        let entries: UnsafeBufferPointer<YAMLTree.Entry>
        let options: Emitter.Options
        /// For the scalars Yams writes (most exports have none or a few).
        lazy var tags = ScalarTags()
        var out: [UInt8] = []

        init(tree: YAMLTree, entries: UnsafeBufferPointer<YAMLTree.Entry>, options: Emitter.Options) {
            (self.tree, self.entries, self.options) = (tree, entries, options)
            out.reserveCapacity(max(1 << 16, entries.count * 32))  // more than an entry takes: room not reached is not touched
        }

        mutating func spaces(_ n: Int) {
            var n = n
            while n > 0 {
                let run = min(n, Self.blank.count)
                out.append(contentsOf: Self.blank[..<run])
                n -= run
            }
        }

        /// Spaces to copy an indent from (appending a repeated space goes byte by byte).
        private static let blank = [UInt8](repeating: UInt8(ascii: " "), count: 64)

        /// Keys found plain, by length: most keys are a type's coding keys, written again and again,
        /// and comparing with the same string is quicker than reading it again.
        var plainKeys = [String](repeating: "", count: 32)

        /// A key libyaml writes as it is (a longer one it writes as `? key`).
        mutating func isPlainKey(_ key: String) -> Bool {
            let length = key.utf8.count
            if plainKeys[length & 31] == key, length > 0 { return true }
            guard length <= 128, TextScan(key).plain else { return false }
            plainKeys[length & 31] = key
            return true
        }

        /// Keys at `indent`; the first on the current line when the mapping opens a sequence item.
        mutating func mapping(_ map: Int32, indent: Int, firstInline: Bool) -> Bool {
            var first = true
            for child in tree.children(of: map) {
                if !first || !firstInline { spaces(indent) }
                first = false
                let key = entries[Int(child)].key
                guard isPlainKey(key) else { return false }
                write(key)
                out.append(UInt8(ascii: ":"))
                guard value(child, indent: indent, afterKey: true) else { return false }
            }
            return true
        }

        /// `- ` items at `indent`; the first on the current line when the sequence opens an item.
        mutating func sequence(_ seq: Int32, indent: Int, firstInline: Bool) -> Bool {
            var first = true
            for item in tree.children(of: seq) {
                if !first || !firstInline { spaces(indent) }
                first = false
                out.append(contentsOf: "- ".utf8)
                guard value(item, indent: indent, afterKey: false) else { return false }
            }
            return true
        }

        /// A value after its `key:` (a mapping or sequence on the lines below, a sequence at the key's
        /// indent) or after its item's `- ` (a mapping or sequence starting on the item's line);
        /// `{}` and `[]` for empty ones.
        mutating func value(_ i: Int32, indent: Int, afterKey: Bool) -> Bool {
            let entry = entries.baseAddress! + Int(i)
            let empty = entry.pointee.childCount == 0
            switch entry.pointee.kind {
            case .unused, .mapping where empty: out.append(contentsOf: (afterKey ? " {}\n" : "{}\n").utf8)
            case .sequence where empty: out.append(contentsOf: (afterKey ? " []\n" : "[]\n").utf8)
            case .scalar:
                if afterKey { out.append(UInt8(ascii: " ")) }
                return scalar(entry, indent: indent)
            case .mapping:
                if afterKey { out.append(UInt8(ascii: "\n")) }
                return mapping(i, indent: indent + 2, firstInline: !afterKey)
            case .sequence:
                if afterKey { out.append(UInt8(ascii: "\n")) }
                return afterKey ? sequence(i, indent: indent, firstInline: false) : sequence(i, indent: indent + 2, firstInline: true)
            }
            return true
        }

        /// A scalar and its line end; `indent` is its mapping's or sequence's.
        mutating func scalar(_ entry: UnsafePointer<YAMLTree.Entry>, indent: Int) -> Bool {
            var (text, form) = (entry.pointee.text, entry.pointee.form)
            if entry.pointee.tag == .other {
                guard let scalar = tree.otherScalars[Int(entry.pointee.otherScalar)].scalar else { return false }
                (text, form) = (scalar.string, WrittenForm(TextScan(scalar.string), style: scalar.style))
            }
            switch form {
            case .plain:
                write(text)
            case .singleQuoted:
                // libyaml keeps single quotes and doubles the quotes inside.
                out.append(UInt8(ascii: "'"))
                text.withUTF8 { bytes in
                    for byte in bytes {
                        if byte == UInt8(ascii: "'") { out.append(byte) }
                        out.append(byte)
                    }
                }
                out.append(UInt8(ascii: "'"))
            case .byYams:
                guard let node = tree.scalarNode(entry.pointee, tags: tags).scalar, let written = yamsWritten(node, indent: indent) else { return false }
                out.append(contentsOf: written)
                return true
            }
            out.append(UInt8(ascii: "\n"))
            return true
        }

        /// The text's bytes, copied at once rather than one by one.
        mutating func write(_ text: String) {
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
        }

        /// Yams's text for the scalar as the value of a top-level key, moved to `indent`: libyaml
        /// indents a scalar's continuation lines two columns past its mapping's or sequence's.
        func yamsWritten(_ scalar: Node.Scalar, indent: Int) -> [UInt8]? {
            // libyaml also breaks lines at these, where the lines below would not be found.
            let otherBreaks: Set<Unicode.Scalar> = ["\r", "\u{85}", "\u{2028}", "\u{2029}"]
            guard !scalar.string.unicodeScalars.contains(where: otherBreaks.contains),
                  let text = try? Yams.serialize(node: Node([(Node("k"), Node.scalar(scalar))]), indent: options.indent, width: options.width,
                                                 allowUnicode: options.allowUnicode, lineBreak: options.lineBreak),
                  text.hasPrefix("k: ") else { return nil }
            var lines = text.dropFirst(3).split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.last == "" else { return nil }
            lines.removeLast()
            var written: [UInt8] = []
            for (i, line) in lines.enumerated() {
                if i > 0, !line.isEmpty {
                    guard line.hasPrefix("  ") else { return nil }
                    written.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
                }
                written.append(contentsOf: line.utf8)
                written.append(UInt8(ascii: "\n"))
            }
            return written
        }
    }
}

/// How the writer writes a scalar: its text as it is, between single quotes, or by Yams's emitter.
enum WrittenForm: UInt8 {
    case plain, singleQuoted, byYams

    /// Plain text as it is when Yams leaves it unquoted; printable ASCII on one line between single
    /// quotes when Yams quotes it so; anything else as Yams's emitter writes it.
    init(_ scan: TextScan, style: Node.Scalar.Style) {
        if style == .any, scan.plain { self = .plain }
        else if style == .singleQuoted, scan.printableASCII { self = .singleQuoted }
        else { self = .byYams }
    }
}

/// What the writer and the quoting need to know of a text, in one pass over its bytes.
struct TextScan {
    /// Text libyaml writes as it is in block context, plain or between single quotes: ASCII letters
    /// and digits first, then those or `. _ - @ / +` and spaces inside (no `: `, ` #`, quote, line
    /// break or indicator, nothing at either end that YAML reads specially).
    let plain: Bool
    let printableASCII: Bool
    let lineFeed: Bool, carriageReturn: Bool

    init(_ text: String) {
        var text = text
        // Each byte's classes ANDed (all bytes are plain, printable) and ORed (a line feed is there):
        // no branch per byte.
        let (all, any): (UInt8, UInt8) = text.withUTF8 { bytes in
            Self.byteClasses.withUnsafeBufferPointer { classes in
                var (all, any): (UInt8, UInt8) = (0xFF, 0)
                for byte in bytes {
                    let c = classes[Int(byte)]
                    all &= c
                    any |= c
                }
                if let first = bytes.first, let last = bytes.last, classes[Int(first)] & Self.alphanumeric != 0, last != UInt8(ascii: " ") {
                    return (all, any)
                }
                return (all & ~Self.plainByte, any)
            }
        }
        plain = all & Self.plainByte != 0
        printableASCII = all & Self.printable != 0
        lineFeed = any & Self.lineFeedByte != 0
        carriageReturn = any & Self.carriageReturnByte != 0
    }

    private static let plainByte: UInt8 = 1, printable: UInt8 = 2, lineFeedByte: UInt8 = 4, carriageReturnByte: UInt8 = 8, alphanumeric: UInt8 = 16

    private static let byteClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        let b = UInt8(byte)
        let isAlphanumeric = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        var c: UInt8 = 0
        if isAlphanumeric { c |= alphanumeric }
        if isAlphanumeric || ".-_@/+ ".utf8.contains(b) { c |= plainByte }
        if (0x20...0x7E).contains(b) { c |= printable }
        if b == UInt8(ascii: "\n") { c |= lineFeedByte }
        if b == UInt8(ascii: "\r") { c |= carriageReturnByte }
        return c
    }
}
