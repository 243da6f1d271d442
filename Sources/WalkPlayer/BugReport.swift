import Foundation
import SimKernel
import TerminalUI
import Walk

/// A bug-report bundle, `enrollsim-report-<time>.tar.gz`: everything support needs to see what the
/// user saw and walk it again. `walk.jsonl` (the walk so far, with its starting scenario),
/// `world.yaml` (the world as it is now), `screen.txt` and `screen.svg`, `api-log.md` (every call
/// and answer), `walk.html` (the screens painted, with a player, beside the calls: `WalkPage`), and `manifest.json` (the version, when, and the effective settings, secrets masked).
/// `replay BUNDLE` plays it, `replay --check BUNDLE` checks it, `serve --scenario BUNDLE` serves its world.
public struct BugReport: Sendable {
    public var walk: Walk
    public var world: String
    public var screen: Frame
    public var theme: Theme
    public var version: String
    public var created: Date
    /// The settings in force, by name; a secret's value is masked before it is written.
    public var settings: [String: JSONValue]
    /// The screens the session painted (its `ScreenTape`) for the page; none: the page shows `screen`.
    public var screens: [ScreenTape.Screen]

    public init(walk: Walk, world: String, screen: Frame, theme: Theme, version: String, created: Date, settings: [String: JSONValue],
                screens: [ScreenTape.Screen] = []) {
        self.walk = walk
        self.world = world
        self.screen = screen
        self.theme = theme
        self.version = version
        self.created = created
        self.settings = settings
        self.screens = screens
    }

    /// Settings whose value is never written: tokens, passwords, PINs.
    static func isSecret(_ name: String) -> Bool {
        let n = name.lowercased()
        return ["token", "password", "secret", "pin"].contains { n.contains($0) }
    }

    public static func fileName(at date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        f.timeZone = TimeZone(identifier: "UTC")
        return "enrollsim-report-\(f.string(from: date)).tar.gz"
    }

    public var manifest: JSONValue {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        let masked = settings.mapValues { _ in JSONValue.string("••••") }.filter { Self.isSecret($0.key) }
        return .object(["enrollsim": .string(version), "created": .string(f.string(from: created)),
                        "settings": .object(settings.merging(masked) { _, mask in mask }),
                        "files": .array(Self.files.map { .string($0) })])
    }

    static let files = ["manifest.json", "walk.jsonl", "world.yaml", "screen.txt", "screen.svg", "api-log.md", "walk.html"]

    /// The page of the screens painted; the screen now when there is no tape.
    var page: String {
        guard !screens.isEmpty else {
            return WalkPage.html(walk, screens: [ScreenTape.Screen(t: walk.entries.last?.t ?? 0, step: nil, frame: screen, theme: theme)], theme: theme)
        }
        return WalkPage.html(walk, screens: screens, theme: theme)
    }

    public func archive() throws -> Data {
        let texts = [JSONText.encode(manifest) + "\n", walk.text, world, screen.textSnapshot + "\n", screen.svg(theme: theme), walk.markdown, page]
        return try TarGzip.archive(zip(Self.files, texts).map { TarGzip.Entry(name: $0, data: Data($1.utf8)) }, modified: created)
    }

    /// Whether a path names a bundle rather than a walk or a scenario.
    public static func isBundle(_ path: String) -> Bool { path.hasSuffix(".tar.gz") || path.hasSuffix(".tgz") }

    /// A bundle's walk and world, read back; a refusal names the file and what is wrong.
    public struct Contents: Sendable {
        public var walk: Walk
        public var world: String
        public var manifest: JSONValue
    }

    public static func read(path: String) throws(WalkError) -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WalkError(file: path, line: nil, reason: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        let entries: [TarGzip.Entry]
        do {
            entries = try TarGzip.extract(data)
        } catch {
            throw WalkError(file: path, line: nil, reason: "not a bug-report bundle: \(error)")
        }
        func text(_ name: String) throws(WalkError) -> String {
            guard let entry = entries.first(where: { $0.name == name }) else {
                throw WalkError(file: path, line: nil, reason: "the bundle holds no \(name)")
            }
            guard let s = String(data: entry.data, encoding: .utf8) else { throw WalkError(file: path + "/" + name, line: nil, reason: "not UTF-8 text") }
            return s
        }
        let walk = try Walk.parse(try text("walk.jsonl"), file: path + "/walk.jsonl")
        let manifestText = try text("manifest.json")
        let manifest: JSONValue
        do {
            manifest = try JSONText.parse(manifestText)
        } catch {
            throw WalkError(file: path + "/manifest.json", line: nil, reason: "\(error)")
        }
        return Contents(walk: walk, world: try text("world.yaml"), manifest: manifest)
    }
}
