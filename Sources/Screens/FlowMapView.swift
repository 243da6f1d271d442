import Enrollment
import TerminalUI

/// The map of steps with their status: ✓ done, ▶ current, ✗ failed, – skipped, · pending.
enum FlowMapView {
    /// Returns the rows it took.
    @discardableResult
    static func render(_ guided: GuidedEnrollment.State, into frame: inout Frame, area: Rect) -> Int {
        let height = min(area.height, FlowStep.allCases.count + 3)
        let inside = frame.panel(Rect(x: area.x, y: area.y, width: area.width, height: height), title: "Flow map")
        for (i, entry) in guided.flowMap.enumerated() where i < inside.height {
            let (glyph, style) = Glyphs.step(entry.status)
            let row = inside.row(i)
            if entry.status == .current { frame.fill(row, style: .current) }
            var x = frame.put(glyph + " ", x: row.x, y: row.y, style: style, clip: row)
            x = frame.put(entry.step.rawValue.padded(toWidth: 4), x: x, y: row.y, style: style, clip: row)
            x = frame.put(short(entry.step), x: x, y: row.y, style: entry.status == .pending ? .normal : style, clip: row)
            // A failed step says what it answered (2307, PINBlocked).
            if entry.status == .failed, let answer = guided.failures[entry.step], x + 1 + answer.count <= row.maxX {
                frame.put(" " + answer, x: x, y: row.y, style: .failed, clip: row)
            }
        }
        if inside.height > FlowStep.allCases.count {
            frame.put("✓done ▶now ✗failed –skipped", x: inside.x, y: inside.y + FlowStep.allCases.count, style: .hint, clip: inside)
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
