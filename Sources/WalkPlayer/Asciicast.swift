import Foundation
import SimKernel
import TerminalUI
import Walk

/// asciicast v2 (the asciinema file format): a header line, then `[time, "o", text]` output events
/// with the walk's times, and a `[time, "m", label]` marker where each flow step begins. No wall-clock
/// timestamp in the header, so the same walk always gives the same bytes.
public enum Asciicast {
    /// The screens an export keeps: the last ones. A long session would otherwise write every
    /// screen it ever showed (gigabytes), and hold them all in memory while writing.
    public static let sessionScreens = 500

    /// An export's text, and how many screens it kept of how many there were.
    public struct Cast: Sendable {
        public let text: String
        public let kept: Int
        public let seen: Int
        public var isCut: Bool { kept < seen }
    }

    /// - Parameter lastScreens: keep only the walk's last screens (and the markers among them); the
    ///   header's title says how many of how many. The frames are played one at a time and only
    ///   the kept ones' text held.
    public static func export(_ walk: Walk, theme: Theme = .dark, lastScreens: Int? = nil) async -> String {
        await cast(walk, theme: theme, lastScreens: lastScreens).text
    }

    /// The walk replayed (time in proportion to its entries), its last `lastScreens` screens kept.
    public static func cast(_ walk: Walk, theme: Theme = .dark, lastScreens: Int? = nil) async -> Cast {
        var screens = LastItems<(t: Int, json: String)>(limit: lastScreens)
        await WalkSession.eachFrame(walk) { t, _, frame in screens.append((t, event(t, "o", frame.ansi(theme: theme)))) }
        let from = screens.dropped == 0 ? Int.min : screens.items.first?.t ?? Int.min
        var markers: [(t: Int, json: String)] = []
        var step: String?
        for entry in walk.entries {
            guard case .call(let call) = entry.what, call.step != step else { continue }
            step = call.step
            guard entry.t >= from else { continue }
            markers.append((entry.t, event(entry.t, "m", "\(call.step) · \(call.request.subAPI ?? call.request.name)")))
        }
        return document(size: Size(width: walk.header.width, height: walk.header.height), title: walk.header.title ?? "enrollsim walk",
                        screens: screens.items, markers: markers, seen: screens.seen)
    }

    /// The screens a terminal session painted (`ScreenTape`): no replay, so its cost does not grow
    /// with the session. A marker where the flow step changes, a resize event where the size does.
    public static func cast(_ tape: ScreenTape, title: String) -> Cast {
        let (kept, seen) = tape.kept
        var screens: [(t: Int, json: String)] = [], markers: [(t: Int, json: String)] = []
        var step: String?, size = kept.first?.size
        for screen in kept {
            if screen.step != step, let label = screen.step { markers.append((screen.t, event(screen.t, "m", label))) }
            step = screen.step
            if screen.size != size {
                size = screen.size
                screens.append((screen.t, event(screen.t, "r", "\(screen.size.width)x\(screen.size.height)")))
            }
            screens.append((screen.t, event(screen.t, "o", screen.ansi)))
        }
        return document(size: kept.first?.size ?? Size(width: 80, height: 24), title: title, screens: screens, markers: markers,
                        seen: seen, kept: kept.count)
    }

    /// The header line, then the markers and screens in time order (a marker before the output of
    /// the same instant). The title says when screens were left out.
    static func document(size: Size, title: String, screens: [(t: Int, json: String)], markers: [(t: Int, json: String)],
                         seen: Int, kept: Int? = nil) -> Cast {
        let kept = kept ?? screens.count
        let header: JSONValue = ["version": 2, "width": .int(size.width), "height": .int(size.height), "env": ["TERM": "xterm-256color"],
                                 "title": .string(kept < seen ? "\(title) (the last \(kept) of \(seen) screens)" : title)]
        var events = markers.enumerated().map { (t: $1.t, order: 0, seq: $0, json: $1.json) }
        events += screens.enumerated().map { (t: $1.t, order: 1, seq: $0, json: $1.json) }
        events.sort { ($0.t, $0.order, $0.seq) < ($1.t, $1.order, $1.seq) }
        return Cast(text: ([JSONText.encode(header)] + events.map(\.json)).joined(separator: "\n") + "\n", kept: kept, seen: seen)
    }

    static func event(_ ms: Int, _ code: String, _ data: String) -> String {
        "[\(ms / 1000).\(String(format: "%03d", ms % 1000)), \(JSONText.encode(.string(code))), \(JSONText.encode(.string(data)))]"
    }
}

/// The last `limit` items appended (all of them without a limit), in order, in a ring.
struct LastItems<Item> {
    let limit: Int?
    private var ring: [Item] = []
    private var next = 0
    private(set) var seen = 0

    init(limit: Int?) { self.limit = limit.map { max(1, $0) } }

    /// Returns the item it drops to make room, if any.
    @discardableResult
    mutating func append(_ item: Item) -> Item? {
        seen += 1
        guard let limit, ring.count == limit else {
            ring.append(item)
            return nil
        }
        let dropped = ring[next]
        ring[next] = item
        next = (next + 1) % limit
        return dropped
    }

    var items: [Item] { Array(ring[next...] + ring[..<next]) }
    var dropped: Int { seen - ring.count }
}
