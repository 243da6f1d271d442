import Foundation
import SimKernel
import TerminalUI
import Walk

/// asciicast v2 (the asciinema file format): a header line, then `[time, "o", text]` output events
/// with the walk's times, and a `[time, "m", label]` marker where each flow step begins. No wall-clock
/// timestamp in the header, so the same walk always gives the same bytes.
public enum Asciicast {
    public static func export(_ walk: Walk, theme: Theme = .dark) async -> String {
        var header: [String: JSONValue] = ["version": 2, "width": .int(walk.header.width), "height": .int(walk.header.height),
                                           "env": ["TERM": "xterm-256color"]]
        header["title"] = .string(walk.header.title ?? "enrollsim walk")
        var lines = [JSONText.encode(.object(header))]
        var events: [(t: Int, order: Int, seq: Int, json: String)] = []
        for (t, _, frame) in await WalkSession.frames(walk) {
            events.append((t, 1, events.count, event(t, "o", frame.ansi(theme: theme))))
        }
        var step: String?
        for entry in walk.entries {
            guard case .call(let call) = entry.what, call.step != step else { continue }
            step = call.step
            let label = "\(call.step) · \(call.request.subAPI ?? call.request.name)"
            events.append((entry.t, 0, events.count, event(entry.t, "m", label)))
        }
        // Markers before the output of the same instant; otherwise in time order.
        events.sort { ($0.t, $0.order, $0.seq) < ($1.t, $1.order, $1.seq) }
        lines += events.map(\.json)
        return lines.joined(separator: "\n") + "\n"
    }

    static func event(_ ms: Int, _ code: String, _ data: String) -> String {
        "[\(ms / 1000).\(String(format: "%03d", ms % 1000)), \(JSONText.encode(.string(code))), \(JSONText.encode(.string(data)))]"
    }
}
