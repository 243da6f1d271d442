import Foundation
import SimKernel
import TerminalUI
import Walk

/// asciicast v2 (the asciinema file format): a header line, then `[time, "o", text]` output events
/// with the walk's times, and a `[time, "m", label]` marker where each flow step begins. No wall-clock
/// timestamp in the header, so the same walk always gives the same bytes.
public enum Asciicast {
    /// The screens the TUI's export (the API log's `t`) keeps: the session's last ones. A long
    /// session would otherwise write every screen it ever showed at each export (gigabytes), and
    /// hold them all in memory while writing.
    public static let sessionScreens = 500

    /// - Parameter lastScreens: keep only the walk's last screens (and the markers among them); the
    ///   header's title says how many of how many. The frames are played one at a time and only
    ///   the kept ones' text held.
    public static func export(_ walk: Walk, theme: Theme = .dark, lastScreens: Int? = nil) async -> String {
        var header: [String: JSONValue] = ["version": 2, "width": .int(walk.header.width), "height": .int(walk.header.height),
                                           "env": ["TERM": "xterm-256color"]]
        var screens = LastItems<(t: Int, json: String)>(limit: lastScreens)
        await WalkSession.eachFrame(walk) { t, _, frame in screens.append((t, event(t, "o", frame.ansi(theme: theme)))) }
        let title = walk.header.title ?? "enrollsim walk"
        header["title"] = .string(screens.dropped == 0 ? title : "\(title) (the last \(screens.items.count) of \(screens.seen) screens)")
        let from = screens.dropped == 0 ? Int.min : screens.items.first?.t ?? Int.min
        var events: [(t: Int, order: Int, seq: Int, json: String)] = screens.items.enumerated().map { ($1.t, 1, $0, $1.json) }
        var step: String?
        for entry in walk.entries {
            guard case .call(let call) = entry.what, call.step != step else { continue }
            step = call.step
            guard entry.t >= from else { continue }
            let label = "\(call.step) · \(call.request.subAPI ?? call.request.name)"
            events.append((entry.t, 0, events.count, event(entry.t, "m", label)))
        }
        // Markers before the output of the same instant; otherwise in time order.
        events.sort { ($0.t, $0.order, $0.seq) < ($1.t, $1.order, $1.seq) }
        return ([JSONText.encode(.object(header))] + events.map(\.json)).joined(separator: "\n") + "\n"
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

    mutating func append(_ item: Item) {
        seen += 1
        guard let limit, ring.count == limit else { return ring.append(item) }
        ring[next] = item
        next = (next + 1) % limit
    }

    var items: [Item] { Array(ring[next...] + ring[..<next]) }
    var dropped: Int { seen - ring.count }
}
