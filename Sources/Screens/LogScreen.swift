import Enrollment
import TerminalUI

/// The API log: the filter, every call it lets through (newest last), and the selected call's
/// request and response side by side, wrapped, filling the height.
enum LogScreen {
    @Sendable static func render(_ log: APILog, _ context: ScreenContext, _ frame: inout Frame, _ area: Rect) {
        guard !log.entries.isEmpty else {
            frame.put("No call yet.", x: area.x, y: area.y, style: .hint, clip: area)
            return
        }
        let shown = log.shown
        let filterRows = FormView.render(log.filter, policy: context.shared.policy, focus: context.fieldFocus, into: &frame,
                                         area: Rect(x: area.x, y: area.y, width: min(area.width, 50), height: 1))
        let count = shown.count == log.entries.count ? "\(shown.count) calls" : "\(shown.count) of \(log.entries.count) calls"
        frame.put(count, x: area.x + min(area.width, 50) + 2, y: area.y, style: .hint, clip: area)
        let body = area.inset(top: filterRows + 1)
        let items = shown.map { item(log.entries[$0]) }
        guard let selected = log.selectedIndex, let position = shown.firstIndex(of: selected) else {
            frame.put("No call matches the filter.", x: body.x, y: body.y, style: .hint, clip: body)
            return
        }
        // The list takes a third of the height at most; the request and the response the rest.
        let listHeight = min(items.count, max(3, body.height / 3))
        let parts = body.splitRows([.fixed(listHeight), .fixed(1), .fill()])
        frame.render(Menu(items: items, selected: position), in: parts[0])
        let entry = log.entries[selected]
        let header = "session \(entry.session) · \(entry.step)" + (entry.durationMs.map { " · \($0) ms" } ?? "")
        frame.put(header.truncated(toWidth: parts[1].width), x: parts[1].x, y: parts[1].y, style: .hint, clip: parts[1])
        let columns = parts[2].splitColumns([.fill(), .fill()], gap: 1)
        let request = frame.panel(columns[0], title: "Request")
        frame.render(ScrollText(text: entry.requestText, highlightsJSON: true), in: request)
        let response = frame.panel(columns[1], title: "Response")
        frame.render(ScrollText(text: entry.responseText, highlightsJSON: true), in: response)
    }

    static func item(_ e: APILog.Entry) -> MenuItem {
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
        return MenuItem(e.step.truncated(toWidth: 21).padded(toWidth: 22) + "\(e.request.type.rawValue) \(e.request.name)\(sub)",
                        detail: status, marker: marker, style: style)
    }
}
