import Foundation
import Yams

/// Strict YAML reading, as every scenario section is read: YAML syntax, then types (Codable through
/// Yams), then unknown keys, then invariants. Every refusal names the file, the line and the reason.
public enum StrictYAML {
    public static func decode<T: Codable>(_ type: T.Type, yaml: String, origin: String, emptyMessage: String, notMapping: String,
                                         invariants: (T) -> ScenarioProblem?) throws(ScenarioError) -> T {
        // A problem found at the end of the text is on its last line, not on the empty one after
        // its final line break.
        let lastLine = YAMLText.lastLine(of: yaml)
        func fail(_ line: Int?, _ reason: String) -> ScenarioError {
            ScenarioError(file: origin, line: line.map { min($0, lastLine) }, reason: reason)
        }

        // Before YAML sees it: a NUL would end the text early for the C parser underneath, silently.
        if let (line, scalar) = YAMLText.firstControlCharacter(in: yaml) {
            throw fail(line, "\(ScenarioText.describe(scalar)) is not allowed in a scenario")
        }
        let mayMerge = YAMLText.mayHaveMergeKey(yaml)
        // A document in the plain form, read without a fault, is read from libyaml's events directly;
        // any other, or any refusal, is read below, which words each refusal with its line.
        if !mayMerge, let tree = ParsedYAML(composing: yaml), !tree.hasUnsafeText, let value = ParsedYAMLDecoder.decode(T.self, from: tree),
           invariants(value) == nil {
            return value
        }
        // Aliases expand before anything walks the tree: their cost is bounded first.
        if let (line, reason) = YAMLBounds.firstExcess(in: yaml) { throw fail(line, reason) }
        let node: Node
        do {
            // Tags resolved for merge keys only, as YAMLDecoder reads: the default resolver tries seven
            // regular expressions on every key compared (Yams checks each mapping for duplicates). Even
            // the merge rule's one expression per key is skipped when no `<<` is written.
            let resolver = mayMerge ? Resolver.basic.appending(.merge) : Resolver.basic
            guard let n = try Yams.compose(yaml: yaml, resolver) else { throw fail(1, emptyMessage) }
            node = n
        } catch let error as ScenarioError {
            throw error
        } catch let error as YamlError {
            // The error's own description quotes the whole text: only its line and problem are kept.
            throw fail(error.line(in: yaml), "not valid YAML: \(error.problem)")
        } catch {
            throw fail(1, "not valid YAML")
        }
        guard node.mapping != nil else { throw fail(node.mark?.line ?? 1, notMapping) }
        if let line = NodePath.firstComplexKey(in: node) {
            throw fail(line, "a key must be a plain name, not a mapping or a list (\"? key\" is not allowed)")
        }
        // After YAML's escapes are read: "\e", "\x9B" and "\u202E" are characters by now.
        if let (line, reason) = ScenarioText.firstUnsafeValue(in: node) { throw fail(line, reason) }

        let world: T
        let read: ReadTree?
        do {
            (world, read) = try NodeDecoder.decode(T.self, from: node, mayMerge: mayMerge)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw fail(NodePath.line(of: path, in: node), reason)
        } catch {
            throw fail(node.mark?.line ?? 1, "cannot read the scenario: \(Swift.type(of: error))")
        }

        // Unknown keys: every key written must be one the format knows, that is one decoding asked
        // for. Where Yams decoded (a merge key), what the format knows is read off the decoded world
        // encoded back: a key it does not write is a key it did not read.
        let unknown: (path: [String], key: String, line: Int?)?
        if let read {
            unknown = NodePath.firstUnknownKey(in: node, known: ReadTree.Read.container(read), path: [])
        } else {
            let known: JSONValue
            do {
                let data = try JSONEncoder().encode(world)
                known = try JSONText.parse(data)
            } catch {
                throw fail(nil, "internal: cannot re-encode the scenario: \(error)")
            }
            unknown = NodePath.firstUnknownKey(in: node, known: known, path: [])
        }
        if let (path, key, line) = unknown {
            let at = path.isEmpty ? "at the top level" : "in \(NodePath.render(path))"
            throw fail(line, "unknown key \"\(key)\" \(at)")
        }

        if let problem = invariants(world) {
            throw fail(NodePath.line(of: problem.path, in: node), problem.reason)
        }
        return world
    }

    private static func describe(_ error: DecodingError) -> (path: [String], reason: String) {
        func keys(_ path: [any CodingKey]) -> [String] { path.map { $0.intValue.map(String.init) ?? $0.stringValue } }
        switch error {
        case .keyNotFound(let key, let ctx):
            let p = keys(ctx.codingPath)
            return (p, "missing key \"\(key.stringValue)\"\(p.isEmpty ? "" : " in \(NodePath.render(p))")")
        case .typeMismatch(let type, let ctx):
            let p = keys(ctx.codingPath)
            return (p, "\(NodePath.render(p)): expected \(typeName(type))")
        case .valueNotFound(let type, let ctx):
            let p = keys(ctx.codingPath)
            return (p, "\(NodePath.render(p)): expected \(typeName(type)), found nothing")
        case .dataCorrupted(let ctx):
            let p = keys(ctx.codingPath)
            var why = ctx.debugDescription
            if why.hasPrefix("Cannot initialize") || why.contains("is not a valid") || why.contains("Invalid") {
                why = "not one of the allowed values"
            }
            return (p, "\(NodePath.render(p)): \(why)")
        @unknown default:
            return ([], "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is UInt64.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        case is String.Type: return "a string"
        case is Double.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "a mapping" }
            return "a mapping (\(name))"
        }
    }
}

extension YamlError {
    /// The line the problem is on (1-based), computed where libyaml gives a byte offset instead.
    func line(in yaml: String) -> Int? {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        case .reader(_, let offset, _, _): offset.map { YAMLText.line(atByteOffset: $0, in: yaml) } ?? 1
        case .duplicatedKeysInMapping(let keys, let context):
            YAMLText.lineOfRepeat(of: keys.first ?? "", after: context.mark, in: yaml)
        default: 1
        }
    }

    var problem: String {
        switch self {
        case .scanner(let ctx, let problem, _, _), .parser(let ctx, let problem, _, _), .composer(let ctx, let problem, _, _):
            [ctx?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        case .reader(let problem, _, let value, _): "\(problem) (#\(value))"
        case .duplicatedKeysInMapping(let keys, _):
            "duplicate key \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) in one mapping (a key is written once)"
        default: "unreadable text"
        }
    }
}

/// Where things are in a scenario's text, for errors that the YAML parser reports without a line.
enum YAMLText {
    /// The first control character other than tab and line breaks, and its line. ASCII is checked
    /// byte by byte; only a text with other characters is read again by scalar.
    static func firstControlCharacter(in yaml: String) -> (line: Int, scalar: Unicode.Scalar)? {
        var text = yaml
        let ascii: (found: (line: Int, scalar: Unicode.Scalar)?, clean: Bool) = text.withUTF8 { bytes in
            var line = 1
            var clean = true
            for byte in bytes {
                if byte >= 0x20 && byte < 0x7F { continue }
                if byte == UInt8(ascii: "\n") { line += 1; continue }
                if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { continue }
                if byte < 0x80 { return ((line, Unicode.Scalar(byte)), clean) }
                clean = false
            }
            return (nil, clean)
        }
        if ascii.clean { return ascii.found }
        var line = 1
        for scalar in yaml.unicodeScalars {
            if scalar == "\n" { line += 1; continue }
            if scalar == "\t" || scalar == "\r" { continue }
            // ASCII settled by value: Unicode's category table costs more than the rest of this scan.
            if scalar.isASCII ? (scalar.value < 0x20 || scalar.value == 0x7F) : String.needsEscape(scalar) { return (line, scalar) }
        }
        return nil
    }

    /// Whether `<<` is written anywhere: a merge key cannot be there otherwise.
    static func mayHaveMergeKey(_ yaml: String) -> Bool {
        var text = yaml
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "<") && previous == byte { return true }
                previous = byte
            }
            return false
        }
    }

    /// The number of the text's last line: a final line break ends that line, it starts none.
    static func lastLine(of yaml: String) -> Int {
        var text = yaml
        return text.withUTF8 { bytes in
            let breaks = bytes.count { $0 == UInt8(ascii: "\n") }
            return max(1, bytes.last == UInt8(ascii: "\n") ? breaks : breaks + 1)
        }
    }

    static func line(atByteOffset offset: Int, in yaml: String) -> Int {
        1 + yaml.utf8.prefix(offset).count { $0 == UInt8(ascii: "\n") }
    }

    /// The line where `key` is written again at the column of its first writing (at `first`): the
    /// line of the duplicate, or the first one's if the repeat is not found that way.
    static func lineOfRepeat(of key: String, after first: Mark, in yaml: String) -> Int {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        var n = first.line  // 1-based: lines[n] is the line after the first writing
        while n < lines.count {
            let text = lines[n].dropFirst(max(0, first.column - 1))
            let name = text.hasPrefix("- ") ? text.dropFirst(2) : text
            if name.hasPrefix(key + ":") || name.hasPrefix("\"\(key)\":") || name.hasPrefix("'\(key)':") { return n + 1 }
            n += 1
        }
        return first.line
    }
}

/// Paths into the YAML node tree: `accounts[0].vehicles[1].vin`, and the line each stands on.
public enum NodePath {
    public static func render(_ path: [String]) -> String {
        var s = ""
        for k in path {
            if Int(k) != nil { s += "[\(k)]" } else { s += s.isEmpty ? k : ".\(k)" }
        }
        return s.isEmpty ? "the scenario" : s
    }

    /// The line of the deepest node along `path` that exists (a key's own line for its value).
    public static func line(of path: [String], in root: Node) -> Int? {
        var node = root
        var line = root.mark?.line
        for k in path {
            if let mapping = node.mapping, let pair = mapping.first(where: { $0.key.string == k }) {
                line = pair.key.mark?.line ?? line
                node = pair.value
            } else if let seq = node.sequence, let i = Int(k), i < seq.count {
                node = seq[i]
                line = node.mark?.line ?? line
            } else {
                break
            }
        }
        return line
    }

    /// The line of the first key that is not a scalar (YAML's `? key` form, which no scenario needs).
    public static func firstComplexKey(in node: Node) -> Int? {
        if let mapping = node.mapping {
            for (k, v) in mapping {
                if k.scalar == nil { return k.mark?.line ?? node.mark?.line ?? 1 }
                if let line = firstComplexKey(in: v) { return line }
            }
        } else if let seq = node.sequence {
            for v in seq { if let line = firstComplexKey(in: v) { return line } }
        }
        return nil
    }

    static func firstUnknownKey<Known: KnownKeys>(in node: Node, known: Known, path: [String]) -> (path: [String], key: String, line: Int?)? {
        if let mapping = node.mapping {
            guard known.isMapping else { return nil }
            for (k, v) in mapping {
                let key = k.string ?? "?"
                if v.null != nil { continue }  // an explicit null is an absent optional
                guard let sub = known.known(key: key) else { return (path, key, k.mark?.line) }
                if let found = firstUnknownKey(in: v, known: sub, path: path + [key]) { return found }
            }
        } else if let seq = node.sequence {
            for (i, v) in seq.enumerated() {
                guard let sub = known.known(index: i) else { continue }
                if let found = firstUnknownKey(in: v, known: sub, path: path + [String(i)]) { return found }
            }
        }
        return nil
    }
}

/// What the format knows of a mapping or a list: the keys (and positions) it reads, and inside each.
protocol KnownKeys {
    var isMapping: Bool { get }
    func known(key: String) -> Self?
    func known(index: Int) -> Self?
}

/// The world encoded back: what it writes is what it reads.
extension JSONValue: KnownKeys {
    var isMapping: Bool { if case .object = self { true } else { false } }
    func known(key: String) -> JSONValue? { if case .object(let o) = self { o[key] } else { nil } }
    func known(index: Int) -> JSONValue? { if case .array(let a) = self, index < a.count { a[index] } else { nil } }
}

/// What decoding asked for.
extension ReadTree.Read: KnownKeys {
    var isMapping: Bool { if case .container = self { true } else { false } }
    func known(key: String) -> ReadTree.Read? { if case .container(let tree) = self { tree.children[.key(key)] } else { nil } }
    func known(index: Int) -> ReadTree.Read? { if case .container(let tree) = self { tree.children[.index(index)] } else { nil } }
}

/// What a scenario's values may hold: they are names, devices, usernames, numbers and codes, shown in
/// terminals, logs and exports, so a control character (C0, DEL, C1), a line or paragraph separator
/// or a bidirectional control means nothing in them and is refused with its line. Only the free text
/// of a `description` may break lines and hold tabs.
enum ScenarioText {
    static let freeTextKeys: Set<String> = ["description"]

    static func firstUnsafeValue(in node: Node, key: String? = nil, path: [String] = []) -> (line: Int?, reason: String)? {
        switch node {
        case .scalar(let scalar):
            guard scalar.string.hasTerminalUnsafeCharacter else { return nil }
            let breaksAllowed = key.map(freeTextKeys.contains) ?? false
            guard let bad = scalar.string.unicodeScalars.first(where: {
                String.needsEscape($0) && !(breaksAllowed && ($0 == "\n" || $0 == "\t"))
            }) else { return nil }
            let what = path.isEmpty ? "a value" : NodePath.render(path)
            return (node.mark?.line, "\(what): \(describe(bad)) is not allowed in a scenario (its values are plain text on one line)")
        case .mapping(let mapping):
            for (k, v) in mapping {
                if let found = firstUnsafeValue(in: k, path: path) { return found }
                let name = k.string ?? "?"
                if let found = firstUnsafeValue(in: v, key: name, path: path + [name]) { return found }
            }
        case .sequence(let sequence):
            for (i, v) in sequence.enumerated() {
                if let found = firstUnsafeValue(in: v, path: path + [String(i)]) { return found }
            }
        case .alias:
            break
        }
        return nil
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(format: "%04X", scalar.value)
        switch scalar.properties.generalCategory {
        case .lineSeparator: return "line separator \(code)"
        case .paragraphSeparator: return "paragraph separator \(code)"
        case .control: return "control character \(code)"
        default: return "bidirectional control \(code)"
        }
    }
}
