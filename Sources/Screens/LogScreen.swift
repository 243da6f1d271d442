import Enrollment
import TerminalUI

/// The API log: every call, newest last, and the selected call's request and response side by side.
enum LogScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let log = state.log
        guard !log.entries.isEmpty else {
            frame.put("No call yet.", x: area.x, y: area.y, style: .hint, clip: area)
            return
        }
        let items = log.entries.map { e -> MenuItem in
            let status: String
            let style: Style
            switch (e.response, e.outcome) {
            case (nil, .abandoned): status = "stopped waiting"; style = .warning
            case (nil, _): status = "waiting"; style = .pending
            case (let r?, let outcome):
                let ms = e.durationMs.map { " \($0) ms" } ?? ""
                status = (r.error.map { "\($0.code)" } ?? "ok") + ms + (outcome == .lateAnswer ? " late" : "")
                style = r.error == nil ? .normal : .error
            }
            let sub = e.request.subAPI.map { " " + $0 } ?? ""
            let marker = e.response == nil ? "…" : (e.response?.error == nil ? "✓" : "✗")
            return MenuItem(e.step.truncated(toWidth: 20).padded(toWidth: 21) + "\(e.request.type.rawValue) \(e.request.name)\(sub)",
                            detail: status, marker: marker, style: style)
        }
        let listHeight = min(items.count, max(3, area.height / 3))
        let parts = area.splitRows([.fixed(listHeight), .fixed(1), .fill()])
        frame.render(Menu(items: items, selected: log.selection), in: parts[0])
        guard let entry = log.selected else { return }
        let header = "session \(entry.session) · \(entry.step)" + (entry.durationMs.map { " · \($0) ms" } ?? "")
        frame.put(header, x: parts[1].x, y: parts[1].y, style: .hint, clip: parts[1])
        let columns = parts[2].splitColumns([.fill(), .fill()], gap: 1)
        let request = frame.panel(columns[0], title: "Request")
        frame.render(ScrollText(text: entry.requestText, highlightsJSON: true), in: request)
        let response = frame.panel(columns[1], title: "Response")
        frame.render(ScrollText(text: entry.responseText, highlightsJSON: true), in: response)
    }
}
