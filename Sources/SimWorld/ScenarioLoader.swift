import EnrollsimAssets
import Foundation
import PIMS
import SimKernel
import Yams

/// Strict scenario loading (§9): YAML syntax, then types (Codable through Yams), then unknown keys,
/// then invariants. Every refusal names the file, the line and the reason; nothing is changed until a
/// world is returned.
public enum ScenarioLoader {
    /// The built-in scenarios, by name, sorted.
    public static var builtinNames: [String] {
        // readdir, not FileManager's listing, whose generic path joining costs a conformance scan
        // at every start (the TUI lists them twice).
        guard let folder = opendir(EnrollsimAssets.scenariosDirectory.path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let file = withUnsafePointer(to: &entry.pointee.d_name) { name in
                name.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: name.pointee)) { String(cString: $0) }
            }
            if file.hasSuffix(".yaml") { names.append(String(file.dropLast(5))) }
        }
        return names.sorted()
    }

    public static func builtinURL(_ name: String) -> URL {
        EnrollsimAssets.scenariosDirectory.appendingPathComponent(name + ".yaml")
    }

    /// The YAML text of a source, and the name to report errors under.
    public static func text(of source: ScenarioSource) throws(ScenarioError) -> (yaml: String, origin: String) {
        switch source {
        case .named(let name):
            guard builtinNames.contains(name) else {
                throw ScenarioError(file: name, line: nil,
                    reason: "no built-in scenario named \"\(name)\" (known: \(builtinNames.joined(separator: ", "))); a file path needs a / or a .yaml ending",
                    whole: true)
            }
            let url = builtinURL(name)
            guard let yaml = try? String(contentsOf: url, encoding: .utf8) else {
                throw ScenarioError(file: url.path, line: nil, reason: "cannot read the built-in scenario")
            }
            return (yaml, "Assets/scenarios/\(name).yaml")
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path) else {
                throw ScenarioError(file: path, line: nil, reason: "no such file")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ScenarioError(file: path, line: nil, reason: "cannot read the file")
            }
            guard let yaml = String(data: data, encoding: .utf8) else {
                throw ScenarioError(file: path, line: UTF8Lines.firstInvalid(in: data), reason: "the file is not UTF-8 text (a scenario is YAML in UTF-8)")
            }
            return (yaml, path)
        case .yaml(let yaml, let origin):
            return (yaml, origin)
        }
    }

    public static func load(_ source: ScenarioSource) throws(ScenarioError) -> World {
        let (yaml, origin) = try text(of: source)
        return try parse(yaml: yaml, origin: origin)
    }

    public static func parse(yaml: String, origin: String) throws(ScenarioError) -> World {
        try StrictYAML.decode(World.self, yaml: yaml, origin: origin, emptyMessage: "the scenario is empty",
                              notMapping: "a scenario is a mapping of keys (name, description, …)") { $0.firstProblem ?? $0.counterRoomProblem }
    }
}
