import Enrollment
import PIMS
import TerminalUI

/// The simulated world: the live account, the SMS inbox, the clock, faults and scenarios.
enum SimulatorScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let sim = state.simulator
        let columns = area.splitColumns([.fill(), .fill()], gap: 1)
        // The left column is the system's own: PIMS's account and steps caches, Futurae's back
        // office, the card phone's notifications.
        if sim.has(.account) { account(state, into: &frame, area: columns[0]) }
        if sim.has(.activations) { activations(sim, into: &frame, area: columns[0]) }
        if sim.has(.cardTransactions) { pushes(sim, into: &frame, area: columns[0]) }
        // The inbox and the faults share what the clock and scenario controls leave.
        let formRows = max(sim.form.fields.count, sim.dialog?.form.fields.count ?? 0)
        let right = sim.has(.smsInbox) ? columns[1].splitRows([.fill(), .fill(), .fixed(formRows + 6)])
                                        : columns[1].splitRows([.fixed(0), .fill(), .fixed(formRows + 6)])
        if sim.has(.smsInbox) { inbox(state, into: &frame, area: right[0]) }
        faults(state, into: &frame, area: right[1])
        if let dialog = sim.dialog {
            Self.dialog(dialog, state, into: &frame, area: right[2])
            return
        }
        let controls = frame.panel(right[2], title: "Clock and scenario")
        var y = controls.y
        let x = frame.put("now ", x: controls.x, y: y, style: .hint, clip: controls)
        frame.put(sim.now ?? "–", x: x, y: y, style: .code, clip: controls)
        // The scenario beside the clock when it fits, else on its own row: a name is never cut.
        let scenario = "scenario " + (sim.scenario ?? "–")
        if controls.x + 26 + scenario.terminalWidth <= controls.maxX {
            frame.put(scenario, x: controls.x + 26, y: y, style: .hint, clip: controls)
        } else {
            y += 1
            frame.put(scenario, x: controls.x, y: y, style: .hint, clip: controls)
        }
        y += 1
        y += FormView.render(sim.form, policy: state.session.policy, focus: state.fieldFocus, into: &frame,
                             area: Rect(x: controls.x, y: y, width: controls.width, height: controls.maxY - y))
        // What the last action did, whole: it wraps rather than being cut.
        if let message = sim.message, y < controls.maxY {
            frame.paragraph(message, at: y, in: controls, style: .hint)
        }
    }

    /// PIMS's live account on top; the steps caches take the rest of the column (they grow with use).
    static func account(_ state: AppState, into frame: inout Frame, area: Rect) {
        let left = area.splitRows([.fixed(min(14, max(12, area.height / 2))), .fill()])
        AccountGlance.render(state, into: &frame, area: left[0])
        let caches = frame.panel(left[1], title: "Steps caches")
        let list = state.simulator.account?.stepsCaches ?? []
        if list.isEmpty { frame.put("none", x: caches.x, y: caches.y, style: .hint, clip: caches) }
        var row = caches.y
        for c in list {
            let done = c.alreadyDone.isEmpty ? "nothing cached" : "alreadyDone: " + c.alreadyDone.joined(separator: ", ")
            for line in "\(c.stepsID) · \(c.device) · \(done)".wrapped(toWidth: caches.width - 1, hangingIndent: 2) where row < caches.maxY {
                frame.put(line, x: caches.x, y: row, clip: caches)
                row += 1
            }
        }
        if row >= caches.maxY, caches.height > 0 { frame.put("↓", x: caches.maxX - 1, y: caches.maxY - 1, style: .hint) }
    }

    /// Futurae's back office: every activation with its user, codes and status as of the clock.
    static func activations(_ sim: SimulatorPanel.State, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Back office · activations (\(sim.activations.count))")
        if sim.activations.isEmpty { frame.paragraph("none (v creates one)", at: inside.y, in: inside, style: .hint) }
        var y = inside.y
        for a in sim.activations {
            var lines = ["  until \(a.expiresAt)"]
            if let short = a.shortCode { lines.append("  shortcode \(FuturaeInput.grouped(short))") }
            if let token = a.bindingToken { lines.append("  token \(token)") }
            guard y + lines.count < inside.maxY else { break }
            frame.put("\(a.username) · \(a.status)", x: inside.x, y: y, style: a.isPending ? .title : .hint, clip: inside)
            for (i, line) in lines.enumerated() { frame.put(line, x: inside.x, y: y + 1 + i, style: .hint, clip: inside) }
            y += lines.count + 1
        }
    }

    /// The card phone's notifications: each purchase with its transaction's status.
    static func pushes(_ sim: SimulatorPanel.State, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Phone · notifications (\(sim.pushes.count))")
        if sim.pushes.isEmpty { frame.paragraph("none (a purchase at the shop pushes one)", at: inside.y, in: inside, style: .hint) }
        var y = inside.y
        for t in sim.pushes.reversed() where y + 2 < inside.maxY {
            frame.put("\(t.merchant) · \(t.amount)", x: inside.x, y: y, style: .title, clip: inside)
            frame.put("  \(t.card) · \(t.status)", x: inside.x, y: y + 1, style: .hint, clip: inside)
            frame.put("  until \(t.expiresAt)", x: inside.x, y: y + 2, style: .hint, clip: inside)
            y += 3
        }
    }

    /// The fault form or the save-as question, in the controls' place.
    static func dialog(_ dialog: SimulatorPanel.Dialog, _ state: AppState, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: dialog.title)
        var y = inside.y
        if dialog.kind == .fault {
            y = frame.paragraph("API \(state.simulator.faultTargetName)", at: y, in: inside, style: .hint)
        }
        FormView.render(dialog.form, policy: state.session.policy, focus: state.fieldFocus, into: &frame,
                        area: Rect(x: inside.x, y: y, width: inside.width, height: inside.maxY - y))
    }

    static func inbox(_ state: AppState, into frame: inout Frame, area: Rect) {
        let inbox = state.inbox
        let inside = frame.panel(area, title: "SMS inbox" + (inbox.map { " · " + $0.phone } ?? ""))
        let messages = inbox?.messages ?? []
        if messages.isEmpty { frame.put("no SMS", x: inside.x, y: inside.y, style: .hint, clip: inside) }
        // Newest last, as the phone shows them; the last rows that fit.
        for (i, m) in messages.suffix(inside.height).enumerated() {
            guard let codeState = inbox?.state(m) else { continue }
            var x = frame.put(m.code, x: inside.x, y: inside.y + i, style: codeState.isLive ? .code : .hint, clip: inside)
            // "phoneNumberCertification" shortened so that the state fits at 80 columns.
            let purpose = m.purpose == "phoneNumberCertification" ? "certification" : m.purpose
            x = frame.put("  " + purpose.padded(toWidth: 14), x: x, y: inside.y + i, clip: inside)
            frame.put(codeState.words, x: x, y: inside.y + i, style: PhoneView.style(codeState), clip: inside)
        }
    }

    static func faults(_ state: AppState, into frame: inout Frame, area: Rect) {
        let sim = state.simulator
        let inside = frame.panel(area, title: "Faults · target \(sim.faultTargetName)")
        if sim.faults.isEmpty { frame.put("none (F2–F6 add one to the target)", x: inside.x, y: inside.y, style: .hint, clip: inside) }
        for (i, f) in sim.faults.enumerated() where i < inside.height {
            frame.put("! " + f.summary, x: inside.x, y: inside.y + i, style: .warning, clip: inside)
        }
    }
}
