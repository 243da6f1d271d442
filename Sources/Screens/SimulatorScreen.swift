import Enrollment
import PIMS
import TerminalUI

/// The simulated world: the live account, the SMS inbox, the clock, faults and scenarios.
enum SimulatorScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let sim = state.simulator
        let columns = area.splitColumns([.fill(), .fill()], gap: 1)
        let left = columns[0].splitRows([.fixed(12), .fill()])
        AccountGlance.render(state, into: &frame, area: left[0])
        // Steps caches under the account.
        let caches = frame.panel(Rect(x: left[1].x, y: left[1].y, width: left[1].width, height: min(left[1].height, 5)), title: "Steps caches")
        let list = sim.account?.stepsCaches ?? []
        if list.isEmpty { frame.put("none", x: caches.x, y: caches.y, style: .hint, clip: caches) }
        for (i, c) in list.enumerated() where i < caches.height {
            let done = c.alreadyDone.isEmpty ? "nothing cached" : "alreadyDone: " + c.alreadyDone.joined(separator: ", ")
            frame.put("\(c.stepsID) · \(c.device) · \(done)", x: caches.x, y: caches.y + i, clip: caches)
        }
        let right = columns[1].splitRows([.fixed(7), .fixed(5), .fill()])
        inbox(state, into: &frame, area: right[0])
        faults(state, into: &frame, area: right[1])
        let controls = frame.panel(right[2], title: "Clock and scenario")
        var y = controls.y
        let x = frame.put("now ", x: controls.x, y: y, style: .hint, clip: controls)
        frame.put(sim.now ?? "–", x: x, y: y, style: .code, clip: controls)
        frame.put("scenario " + (sim.scenario ?? "–"), x: controls.x + 26, y: y, style: .hint, clip: controls)
        y += 1
        y += FormView.render(sim.form, policy: state.policy, focused: state.focusedField != nil, into: &frame,
                             area: Rect(x: controls.x, y: y, width: controls.width, height: controls.maxY - y))
        if let message = sim.message, y < controls.maxY {
            frame.put(message, x: controls.x, y: y, style: .hint, clip: controls)
        }
    }

    static func inbox(_ state: AppState, into frame: inout Frame, area: Rect) {
        let inbox = state.inbox
        let inside = frame.panel(area, title: "SMS inbox" + (inbox.map { " · " + $0.phone } ?? ""))
        let messages = inbox?.messages ?? []
        if messages.isEmpty { frame.put("no SMS", x: inside.x, y: inside.y, style: .hint, clip: inside) }
        // Newest last, as the phone shows them; the last rows that fit.
        for (i, m) in messages.suffix(inside.height).enumerated() {
            let left = inbox?.secondsLeft(m)
            let life = left.map { $0 > 0 ? "\($0 / 60):\(String($0 % 60).padded(toWidth: 2, alignment: .trailing).replacingOccurrences(of: " ", with: "0")) left" : "expired" } ?? ""
            var x = frame.put(m.code, x: inside.x, y: inside.y + i, style: .code, clip: inside)
            x = frame.put("  " + m.purpose.padded(toWidth: 25), x: x, y: inside.y + i, clip: inside)
            frame.put(life, x: x, y: inside.y + i, style: (left ?? 1) > 0 ? .hint : .failed, clip: inside)
        }
    }

    static func faults(_ state: AppState, into frame: inout Frame, area: Rect) {
        let sim = state.simulator
        let inside = frame.panel(area, title: "Faults · target \(sim.faultTargetName)")
        if sim.faults.isEmpty { frame.put("none (F2–F5 add one to the target)", x: inside.x, y: inside.y, style: .hint, clip: inside) }
        for (i, f) in sim.faults.enumerated() where i < inside.height {
            var what = f.name + (f.sub.map { " " + $0 } ?? "")
            if let code = f.code { what += " → \(code)" }
            if let ms = f.latencyMs { what += " +\(ms) ms" }
            if let t = f.times { what += " ×\(t)" }
            if let p = f.probability { what += " p=\(p)" }
            frame.put("! " + what, x: inside.x, y: inside.y + i, style: .warning, clip: inside)
        }
    }
}

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
