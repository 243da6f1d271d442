import Foundation
import SimKernel

/// A walk: what a user did and saw, kept. The header, then every key, call and answer, control,
/// event, resize and flow step in the order they happened (JSON lines, `docs/walks.md`).
public struct Walk: Sendable, Hashable {
    public var header: WalkHeader
    public var entries: [WalkEntry]

    public init(header: WalkHeader, entries: [WalkEntry]) {
        self.header = header
        self.entries = entries
    }

    /// The walk as written: the header's line, then one line per entry.
    public var text: String {
        ([header.json] + entries.map(\.json)).map { JSONText.encode($0) + "\n" }.joined()
    }

    public var calls: [WalkCall] {
        entries.compactMap { if case .call(let c) = $0.what { return c }; return nil }
    }

    /// The world the walk starts from: the first `world` line before any call, else the header's scenario.
    public var startingWorld: (origin: String, yaml: String)? {
        for entry in entries {
            switch entry.what {
            case .world(let origin, let yaml): return (origin, yaml)
            case .call, .control: return header.scenario.map { (header.scenarioOrigin ?? "walk", $0) }
            default: continue
            }
        }
        return header.scenario.map { (header.scenarioOrigin ?? "walk", $0) }
    }

    /// Reads a walk file: strict, every refusal names the file, the line and the reason.
    public static func read(path: String) throws(WalkError) -> Walk {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WalkError(file: path, line: nil, reason: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw WalkError(file: path, line: UTF8Lines.firstInvalid(in: data), reason: "the file is not UTF-8 text")
        }
        return try WalkReader.parse(text, file: path)
    }

    /// Reads a walk's text (from a bundle): strict, every refusal names `file`, the line and the reason.
    public static func parse(_ text: String, file: String) throws(WalkError) -> Walk {
        try WalkReader.parse(text, file: file)
    }
}

/// Why a walk file was refused: the file, the line (when known) and the reason, as for scenarios.
public typealias WalkError = ScenarioError
