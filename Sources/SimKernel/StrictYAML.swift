import Foundation
import Yams

/// Strict YAML reading, as every scenario section is read: YAML syntax, then types (Codable through
/// Yams), then unknown keys, then invariants. Every refusal names the file, the line and the reason.
public enum StrictYAML {
    public static func decode<T: Codable>(_ type: T.Type, yaml: String, origin: String, emptyMessage: String, notMapping: String,
                                         invariants: (T) -> ScenarioProblem?) throws(ScenarioError) -> T {
        func fail(_ line: Int?, _ reason: String) -> ScenarioError { ScenarioError(file: origin, line: line, reason: reason) }

        let node: Node
        do {
            // Tags resolved for merge keys only, as YAMLDecoder reads: the default resolver tries seven
            // regular expressions on every key compared (Yams checks each mapping for duplicates).
            guard let n = try Yams.compose(yaml: yaml, Resolver.basic.appending(.merge)) else { throw fail(nil, emptyMessage) }
            node = n
        } catch let error as ScenarioError {
            throw error
        } catch let error as YamlError {
            throw fail(error.line, "not valid YAML: \(error.problem)")
        } catch {
            throw fail(nil, "not valid YAML: \(error)")
        }
        guard node.mapping != nil else { throw fail(node.mark?.line, notMapping) }

        let world: T
        do {
            world = try NodeDecoder.decode(T.self, from: node)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw fail(NodePath.line(of: path, in: node), reason)
        } catch {
            throw fail(nil, "\(error)")
        }

        // Unknown keys: every key written must be one the format knows. What the format knows is
        // read off the decoded world encoded back: a key it does not write is a key it did not read.
        let known: JSONValue
        do {
            let data = try JSONEncoder().encode(world)
            known = try JSONText.parse(data)
        } catch {
            throw fail(nil, "internal: cannot re-encode the scenario: \(error)")
        }
        if let (path, key, line) = NodePath.firstUnknownKey(in: node, known: known, path: []) {
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
    var line: Int? {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: nil
        }
    }
    var problem: String {
        switch self {
        case .scanner(let ctx, let problem, _, _), .parser(let ctx, let problem, _, _), .composer(let ctx, let problem, _, _):
            [ctx?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        default: "\(self)"
        }
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

    public static func firstUnknownKey(in node: Node, known: JSONValue, path: [String]) -> (path: [String], key: String, line: Int?)? {
        if let mapping = node.mapping {
            guard case .object(let o) = known else { return nil }
            for (k, v) in mapping {
                let key = k.string ?? "?"
                if v.null != nil { continue }  // an explicit null is an absent optional
                guard let sub = o[key] else { return (path, key, k.mark?.line) }
                if let found = firstUnknownKey(in: v, known: sub, path: path + [key]) { return found }
            }
        } else if let seq = node.sequence, case .array(let a) = known {
            for (i, v) in seq.enumerated() where i < a.count {
                if let found = firstUnknownKey(in: v, known: a[i], path: path + [String(i)]) { return found }
            }
        }
        return nil
    }
}
