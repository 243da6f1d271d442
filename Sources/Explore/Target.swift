import SimKernel

/// Something new the explorer can reach: a rule's branch of a system's contract (from the answer's
/// `AnswerTrace`), an error code a system answered, or a screen.
public enum ExploreTarget: Hashable, Sendable, Comparable, CustomStringConvertible {
    case branch(system: String, rule: String, branch: String)
    case code(system: String, code: String)
    case screen(String)

    public var description: String {
        switch self {
        case .branch(let s, let r, let b): "\(s) \(r) \(b)"
        case .code(let s, let c): "\(s) error \(c)"
        case .screen(let title): "screen \(title)"
        }
    }

    /// The branch an answer reached, when its trace names a rule. A branch reached by an injected
    /// fault is a target of its own (`fault 2351`), so the search still looks for the rule's own way.
    public static func branch(_ trace: AnswerTrace) -> ExploreTarget? {
        guard let system = trace.system, let rule = trace.rule else { return nil }
        return .branch(system: system, rule: rule, branch: trace.injected ? "fault \(trace.branch)" : trace.branch)
    }

    /// A file name for its walk: `pims-R11-2317`, `futurae-F2-ok`.
    public var fileStem: String {
        let raw: String
        switch self {
        case .branch(let s, let r, let b): raw = "\(s)-\(r)-\(b)"
        case .code(let s, let c): raw = "\(s)-code-\(c)"
        case .screen(let title): raw = "screen-\(title)"
        }
        var out = ""
        var dash = false
        for c in raw.lowercased().unicodeScalars {
            if ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_" {
                out.unicodeScalars.append(c)
                dash = false
            } else if !dash && !out.isEmpty {
                out += "-"
                dash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }

    public var isBranch: Bool { if case .branch = self { return true }; return false }

    /// `R11:2317`, `pims:R11:2317` or `R11:step 8`: a branch as `--reach` names it.
    public static func parseBranch(_ text: String) -> (system: String?, rule: String, branch: String)? {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty: return (nil, parts[0], parts[1])
        case 3 where !parts[1].isEmpty && !parts[2].isEmpty: return (parts[0], parts[1], parts[2])
        default: return nil
        }
    }

    public func matches(system: String?, rule: String, branch: String) -> Bool {
        guard case .branch(let s, let r, let b) = self else { return false }
        return (system == nil || system == s) && r.lowercased() == rule.lowercased() && b.lowercased() == branch.lowercased()
    }

    public static func < (a: ExploreTarget, b: ExploreTarget) -> Bool { a.sortKey < b.sortKey }
    private var sortKey: String {
        switch self {
        case .branch(let s, let r, let b): "0 \(s) \(r) \(b)"
        case .code(let s, let c): "1 \(s) \(c)"
        case .screen(let t): "2 \(t)"
        }
    }
}
