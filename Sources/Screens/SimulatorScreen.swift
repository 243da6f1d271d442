import Enrollment
import SimKernel
import TerminalUI

/// The simulated world, every system's: the system's own sections (its entry in `SystemScreens`), the
/// faults on its calls, the clock and the scenario controls.
enum SimulatorScreen {
    /// A part of the panel a system draws (`SystemScreens`: the left column, the part above the faults).
    typealias Section = (inout Frame, Rect) -> Void

    static func render(_ sim: SimulatorPanel.State, _ context: ScreenContext, left: Section?, aboveFaults: Section?,
                       into frame: inout Frame, area: Rect) {
        let columns = area.splitColumns([.fill(), .fill()], gap: 1)
        // The system's own sections, its front's: the left column (PIMS's account and steps caches,
        // Futurae's back office, the card phone and its issuer) and a part above the faults (the SMS inbox).
        left?(&frame, columns[0])
        // The system's part above the faults and the faults share what the clock and scenario controls leave.
        let formRows = max(sim.form.fields.count, sim.dialog?.form.fields.count ?? 0)
        let right = columns[1].splitRows([aboveFaults == nil ? .fixed(0) : .fill(), .fill(), .fixed(formRows + 6)])
        aboveFaults?(&frame, right[0])
        faults(sim, into: &frame, area: right[1])
        if let dialog = sim.dialog {
            Self.dialog(dialog, sim, context, into: &frame, area: right[2])
            return
        }
        let controls = frame.panel(right[2], title: "Clock and scenario")
        var y = controls.y
        let x = frame.put("now ", x: controls.x, y: y, style: .hint, clip: controls)
        frame.put(sim.now ?? "–", x: x, y: y, style: .code, clip: controls)
        // The scenario beside the clock when it fits, else on its own row: a name is never cut.
        let scenario = "scenario " + (sim.scenario ?? { if case .remote = context.config.backend { "the server's" } else { "–" } }())
        if controls.x + 26 + scenario.terminalWidth <= controls.maxX {
            frame.put(scenario, x: controls.x + 26, y: y, style: .hint, clip: controls)
        } else {
            y += 1
            frame.put(scenario, x: controls.x, y: y, style: .hint, clip: controls)
        }
        y += 1
        y += FormView.render(sim.form, policy: context.policy, focus: context.fieldFocus, into: &frame,
                             area: Rect(x: controls.x, y: y, width: controls.width, height: controls.maxY - y))
        // What the last action did, whole: it wraps rather than being cut.
        if let message = sim.message, y < controls.maxY {
            frame.paragraph(message, at: y, in: controls, style: .hint)
        }
    }

    /// The fault form or the save-as question, in the controls' place.
    static func dialog(_ dialog: SimulatorPanel.Dialog, _ sim: SimulatorPanel.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: dialog.title)
        var y = inside.y
        if dialog.kind == .fault {
            y = frame.paragraph("API \(sim.shownTarget(width: inside.width - 4))", at: y, in: inside, style: .hint)
        }
        FormView.render(dialog.form, policy: context.policy, focus: context.fieldFocus, into: &frame,
                        area: Rect(x: inside.x, y: y, width: inside.width, height: inside.maxY - y))
    }

    static func faults(_ sim: SimulatorPanel.State, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Faults")
        guard inside.height > 0 else { return }
        // The target on a row of its own, its distinguishing part in sight at 80 columns (`pims.`
        // goes first, then the path): F2–F6 must land on the call the user means.
        let x = frame.put("target ", x: inside.x, y: inside.y, style: .hint, clip: inside)
        frame.put(sim.shownTarget(width: inside.maxX - x), x: x, y: inside.y, style: .code, clip: inside)
        let rows = Rect(x: inside.x, y: inside.y + 1, width: inside.width, height: inside.height - 1)
        if sim.faults.isEmpty { frame.put("none (F2–F6 add one to the target)", x: rows.x, y: rows.y, style: .hint, clip: rows) }
        for (i, f) in sim.faults.enumerated() where i < rows.height {
            if i == rows.height - 1, sim.faults.count > rows.height {
                frame.put("+\(sim.faults.count - i) more (f clears them all)", x: rows.x, y: rows.y + i, style: .hint, clip: rows)
                break
            }
            let rest = f.summary.count - f.name.count
            let line = f.summary(name: sim.shownTarget(f.name, width: max(rows.width - 2 - rest, 8)))
            frame.put(("! " + line).truncated(toWidth: rows.width), x: rows.x, y: rows.y + i, style: .warning, clip: rows)
        }
    }
}
