import Enrollment
import PIMS
import TerminalUI

/// PIMS's sections of the simulator panel: the live account with its steps caches, the SMS inbox.
enum PIMSSimulatorSections {
    /// PIMS's live account on top; the steps caches take the rest of the column (they grow with use).
    static func account(_ pims: PIMSPanelState, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let left = area.splitRows([.fixed(min(14, max(12, area.height / 2))), .fixed(VehicleSimulatorSection.height(area)), .fill()])
        AccountGlance.render(context, into: &frame, area: left[0])
        VehicleSimulatorSection.render(pims.vehicle, into: &frame, area: left[1])
        let caches = frame.panel(left[2], title: "Steps caches")
        let list = pims.account?.stepsCaches ?? []
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

    /// The phone's SMS inbox, newest last.
    static func inbox(_ inbox: PhoneInbox?, into frame: inout Frame, area: Rect) {
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
}
