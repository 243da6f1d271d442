import Enrollment
import TerminalUI

/// Futurae's section of the simulator panel: the back office's activations.
enum FuturaeSimulatorSections {
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
}
