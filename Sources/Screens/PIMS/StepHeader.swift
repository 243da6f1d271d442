import Enrollment
import TerminalUI

/// A step's title, its API and what happens, at the top of the step's screen; returns the next row.
enum StepHeader {
    static func render(_ step: FlowStep?, into frame: inout Frame, area: Rect) -> Int {
        guard let step else {
            frame.put("Device enrollment, steps 1 to 8", x: area.x, y: area.y, style: .title, clip: area)
            return area.y + 1
        }
        var y = area.y
        frame.put("Step \(step.rawValue) · \(step.title)", x: area.x, y: y, style: .title, clip: area)
        y += 1
        y = frame.paragraph("API: " + step.api, at: y, in: area, style: .code)
        return frame.paragraph(step.explanation, at: y, in: area, style: .hint)
    }
}
