import CYaml

/// What a YAML text may make the reader build, checked on libyaml's events before anything is built:
/// an alias stands for a copy of its anchor's whole subtree, so a few hundred bytes of nested aliases
/// ("billion laughs") stand for a billion values, and every later walk over the tree (decoding, the
/// unknown-key check) pays for each. Nesting is bounded too: the tree is read recursively.
public enum YAMLBounds {
    /// Deeper than any scenario (about ten levels) by far.
    public static let maxDepth = 64
    /// Values that aliases may add: a scenario sharing a few vehicles or policies needs hundreds.
    public static let maxAliasedValues = 100_000
    /// Values in all, aliases expanded: above the largest scenario benchmarked (50,000 accounts).
    public static let maxValues = 5_000_000

    /// The first bound the text passes: its line (1-based) and the reason; nil within bounds or when
    /// the text is not valid YAML (the composer words that error with its line).
    public static func firstExcess(in yaml: String) -> (line: Int, reason: String)? {
        LibYAML.parsing(yaml) { parser -> (line: Int, reason: String)? in
            var walk = Walk()
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    // libyaml's own bound on nesting (its scanner looks ahead through `[[[[…`): said
                    // in the same words as ours; any other error is the composer's to word.
                    let problem = parser.problem.map { String(cString: $0) } ?? ""
                    return problem.contains("nesting level") ? (Int(parser.problem_mark.line) + 1, Walk.tooDeep) : nil
                }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let reason = walk.take(event) { return (line, reason) }
            }
        }
    }

    /// Sizes as written and as aliases expand them.
    private struct Walk {
        /// Open mappings and sequences: values counted before each began, its anchor, its depth, and
        /// the deepest level reached inside it (aliases expanded).
        var open: [(start: Int, anchor: String?, depth: Int, deepest: Int)] = []
        /// Each anchor's subtree: its values and its height, aliases inside expanded.
        var anchors: [String: (values: Int, height: Int)] = [:]
        var values = 0
        var aliased = 0

        mutating func take(_ event: yaml_event_t) -> String? {
            switch event.type {
            case YAML_SCALAR_EVENT:
                values += 1
                reach(open.count + 1)
                if let anchor = Self.name(event.data.scalar.anchor) { anchors[anchor] = (1, 1) }
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                values += 1
                let depth = open.count + 1
                if depth > maxDepth { return Self.tooDeep }
                let anchor = Self.name(event.type == YAML_MAPPING_START_EVENT ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                open.append((values - 1, anchor, depth, depth))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                if let anchor = closed.anchor { anchors[anchor] = (values - closed.start, closed.deepest - closed.depth + 1) }
                reach(closed.deepest)
            case YAML_ALIAS_EVENT:
                // An unknown anchor is left to the composer, which refuses it with its line.
                guard let name = Self.name(event.data.alias.anchor), let anchor = anchors[name] else { return nil }
                values += anchor.values
                aliased += anchor.values
                let depth = open.count + anchor.height
                if depth > maxDepth { return Self.tooDeep }
                reach(depth)
                if aliased > maxAliasedValues {
                    return "aliases here stand for more than \(maxAliasedValues) values (nested aliases multiply: an alias bomb); write the values out instead"
                }
            default:
                break
            }
            return values > maxValues ? "more than \(maxValues) values, aliases expanded: too large for a scenario" : nil
        }

        private mutating func reach(_ depth: Int) {
            if let last = open.indices.last { open[last].deepest = max(open[last].deepest, depth) }
        }

        static let tooDeep = "nested deeper than \(maxDepth) levels (aliases expanded): too deep for a scenario"

        static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
