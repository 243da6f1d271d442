import Futurae
import Enrollment
import TerminalUI

/// Futurae's section of the simulator panel: the back office's activations and its authentication
/// sessions (whoever created them: the Auth API or this panel), live.
enum FuturaeSimulatorSections {
    /// `logins`: the push login's state, whose back-office list the panel shows under the activations.
    static func backOffice(_ futurae: FuturaePanelState, logins s: FuturaeLogin.State, into frame: inout Frame, area: Rect) {
        let height = min(max(4, s.backOffice.count * 2 + (s.backOfficeMessage == nil ? 2 : 4)), area.height / 2)
        let parts = area.splitRows([.fill(), .fixed(height)])
        activations(futurae.activations, into: &frame, area: parts[0])
        authentications(s, into: &frame, area: parts[1])
    }

    /// Futurae's back office: every activation with its user, codes and status as of the clock.
    static func activations(_ activations: [BackOfficeActivation], into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Back office · activations (\(activations.count))")
        if activations.isEmpty { frame.paragraph("none (v creates one)", at: inside.y, in: inside, style: .hint) }
        var y = inside.y
        for a in activations {
            var lines = ["  until \(a.expiresAt)"]
            if let short = a.shortCode { lines.append("  shortcode \(FuturaeInput.grouped(short))") }
            if let token = a.bindingToken { lines.append("  token \(token)") }
            guard y + lines.count < inside.maxY else { break }
            frame.put("\(a.username) · \(a.status)", x: inside.x, y: y, style: a.isPending ? .title : .hint, clip: inside)
            for (i, line) in lines.enumerated() { frame.put(line, x: inside.x, y: y + 1 + i, style: .hint, clip: inside) }
            y += lines.count + 1
        }
    }

    /// The authentication sessions (FA13, F10), newest first: user, device, FA14's result and status.
    static func authentications(_ s: FuturaeLogin.State, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Back office · logins (\(s.backOffice.count))")
        var y = inside.y
        if s.backOffice.isEmpty { y = frame.paragraph("none (y pushes one)", at: y, in: inside, style: .hint) }
        for login in s.backOffice.reversed() {
            guard y + 1 < inside.maxY else { break }
            let status = login.status == login.result ? login.result : "\(login.result) (\(login.status))"
            let style: Style = switch login.result {
            case "allow": .done
            case "deny": .failed
            default: .title
            }
            frame.put("\(login.username) · \(status)", x: inside.x, y: y, style: style, clip: inside)
            // The device when the line holds it whole (80 columns hold the expiry only).
            let until = "  until \(login.expiresAt)", device = " · \(login.deviceId)"
            frame.put(until + (until.count + device.count <= inside.width ? device : ""), x: inside.x, y: y + 1, style: .hint, clip: inside)
            y += 2
        }
        // The last push, in words, under the list when there is room.
        if let m = s.backOfficeMessage, y < inside.maxY { frame.paragraph(m, at: y, in: inside, style: .hint) }
    }
}
