import Enrollment
import TerminalUI

/// The map of steps with their status: ✓ done, ▶ current, ✗ failed, – skipped, · pending.
enum FlowMapView {
    /// Returns the rows it took.
    @discardableResult
    static func render(_ guided: GuidedEnrollment.State, into frame: inout Frame, area: Rect) -> Int {
        let steps = FlowStep.allCases.count
        // On a tall terminal each step has a second row: the API it calls.
        let rowsEach = area.height >= steps * 2 + 3 ? 2 : 1
        let height = min(area.height, steps * rowsEach + 3)
        let inside = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: height), title: "Flow map")
        for (i, entry) in guided.flowMap.enumerated() where i * rowsEach < inside.height {
            let (glyph, style) = Glyphs.step(entry.status)
            let row = inside.row(i * rowsEach)
            if entry.status == .current { frame.fill(row, style: .current) }
            var x = frame.put(glyph + " ", x: row.x, y: row.y, style: style, clip: row)
            x = frame.put(entry.step.rawValue.padded(toWidth: 4), x: x, y: row.y, style: style, clip: row)
            x = frame.put(short(entry.step), x: x, y: row.y, style: entry.status == .pending ? .normal : style, clip: row)
            // A failed step says what it answered (2307, PINBlocked).
            if entry.status == .failed, let answer = guided.failures[entry.step], x + 1 + answer.count <= row.maxX {
                frame.put(" " + answer, x: x, y: row.y, style: .failed, clip: row)
            }
            if rowsEach == 2 {
                let api = inside.row(i * rowsEach + 1).inset(left: 6)
                frame.put(entry.step.api.truncated(toWidth: api.width), x: api.x, y: api.y, style: .dim, clip: api)
            }
        }
        if inside.height > steps * rowsEach {
            frame.put("✓done ▶now ✗failed –skipped", x: inside.x, y: inside.y + steps * rowsEach, style: .hint, clip: inside)
        }
        return height
    }

    static func short(_ step: FlowStep) -> String {
        switch step {
        case .s1: "Enrolled?"
        case .s2: "Account blocked?"
        case .s3: "Trusted phone?"
        case .s4_1: "Shortcut enroll"
        case .s4_2: "Register phone"
        case .s5: "Enrollment SMS"
        case .s6: "Check SMS code"
        case .s7: "New PIN"
        case .s8: "Enroll with PIN"
        }
    }
}
