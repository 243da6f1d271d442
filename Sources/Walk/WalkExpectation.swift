import SimKernel

/// A walk line that asserts what the screen showed at that point:
/// `{"kind": "expect", "t": …, "screen": "text"}` (the text appears), or `"matches": "regex"` (the
/// expression matches), optionally in a `region`: `title` (the top line), `banner` (the notice:
/// code · label, detail and next action) or the whole `screen` (the default). `replay --check`
/// plays the walk through a headless front and fails at the first expectation that does not hold.
public struct WalkExpectation: Sendable, Hashable {
    public enum Region: String, Sendable, Hashable, CaseIterable {
        case screen, title, banner
    }

    public enum Match: Sendable, Hashable {
        case text(String)
        case regex(String)
    }

    public var region: Region
    public var match: Match

    public init(_ match: Match, in region: Region = .screen) {
        self.region = region
        self.match = match
    }

    /// Whether the region's text shows it. A regular expression that does not compile never holds
    /// (the reader refuses one before it gets here).
    public func holds(in text: String) -> Bool {
        switch match {
        case .text(let wanted): return text.contains(wanted)
        case .regex(let pattern):
            guard let regex = try? Regex(pattern) else { return false }
            return text.contains(regex)
        }
    }

    /// How the expectation reads in a failure: `the banner shows "2317 · Blocked"`.
    public var description: String {
        let place = switch region {
        case .screen: "the screen"
        case .title: "the title"
        case .banner: "the banner"
        }
        return switch match {
        case .text(let s): "\(place) shows \(JSONText.encode(.string(s)))"
        case .regex(let p): "\(place) matches /\(p)/"
        }
    }

    var fields: [String: JSONValue] {
        var o: [String: JSONValue] = [:]
        switch match {
        case .text(let s): o["screen"] = .string(s)
        case .regex(let p): o["matches"] = .string(p)
        }
        if region != .screen { o["region"] = .string(region.rawValue) }
        return o
    }

    /// Why a pattern is refused, or nil when it compiles.
    static func problem(regex pattern: String) -> String? {
        do {
            _ = try Regex(pattern)
            return nil
        } catch {
            return "\"matches\" is not a regular expression: \(String(describing: error).prefix(120))"
        }
    }
}
