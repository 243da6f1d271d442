import Enrollment
import QRCode
import TerminalUI

/// Futurae enrollment: the phone (the app's prompts) and the flow map on the left, the service's
/// back office (its trusted web session: the QR code, the shortcode, the binding token) on the right.
enum FuturaeScreen {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let f = state.futurae
        if f.phase == .scanQR, let payload = f.activation?.qrCode, let qr = try? QRCode(payload) {
            let (_, columns, _) = QRView.layout(qr, rows: area.height)
            let parts = area.splitColumns([.fill(), .fixed(columns)], gap: 1)
            phoneAndMap(state, into: &frame, area: parts[0])
            // The QR takes the column's whole height at 80×24; with room, the back office's words above it.
            var qrArea = parts[1]
            if area.height >= QRView.layout(qr, rows: area.height).rows + 3 {
                frame.put("Back office · QR for \(f.activation?.username ?? "")", x: qrArea.x, y: qrArea.y, style: .title, clip: qrArea)
                frame.put("expires \(f.activation?.expiresAt ?? "")", x: qrArea.x, y: qrArea.y + 1, style: .hint, clip: qrArea)
                qrArea = qrArea.inset(top: 3)
            }
            QRView.render(qr, into: &frame, area: qrArea)
            // The web session's binding token, below the code when there is room.
            let below = qrArea.y + QRView.layout(qr, rows: qrArea.height).rows + 1
            if let token = f.activation?.bindingToken, below < qrArea.maxY {
                let x = frame.put("binding token ", x: qrArea.x, y: below, style: .hint, clip: qrArea)
                frame.put(token, x: x, y: below, style: .code, clip: qrArea)
            }
            return
        }
        let parts = area.splitColumns([.fill(), .fixed(min(40, area.width / 2 - 4))], gap: 1)
        phoneAndMap(state, into: &frame, area: parts[0])
        FuturaeBackOfficeView.render(state, into: &frame, area: parts[1])
    }

    static func phoneAndMap(_ state: AppState, into frame: inout Frame, area: Rect) {
        let mapHeight = FuturaeFlowStep.allCases.count + 2
        let rows = area.splitRows([.fill(), .fixed(mapHeight)])
        FuturaePhoneView.render(state, into: &frame, area: rows[0])
        FuturaeFlowMapView.render(state, into: &frame, area: rows[1])
    }
}

/// The flow map of a Futurae enrollment: ✓ done, ▶ now, ✗ failed, – skipped, · to come.
enum FuturaeFlowMapView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Flow map")
        for (i, entry) in state.futurae.flowMap(state.session.config).enumerated() where i < inside.height {
            let (glyph, style) = Glyphs.step(entry.status)
            let row = inside.row(i)
            if entry.status == .current { frame.fill(row, style: .current) }
            frame.put("\(glyph) \(entry.step.title)", x: row.x, y: row.y, style: entry.status == .pending ? .normal : style, clip: row)
        }
    }
}

/// The phone: the app's screen at each step of the walk.
enum FuturaePhoneView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let f = state.futurae
        let c = state.session.config
        let inside = frame.panel(area, title: "Phone · \(c.device)")
        var y = inside.y
        func line(_ text: String, _ style: Style = .normal) {
            y = frame.paragraph(text, at: y, in: inside, style: style)
        }
        switch f.phase {
        case .choose:
            for (i, method) in FuturaeEnrollment.Method.allCases.enumerated() where y + 1 < inside.maxY {
                let selected = i == f.selection
                let row = inside.row(y - inside.y)
                if selected { frame.fill(row, style: .selected) }
                frame.put((selected ? "▶ " : "  ") + method.title, x: row.x, y: y, style: selected ? .selected : .title, clip: row)
                y += 1
                line("  " + method.detail, .hint)
            }
            line("Lock: \(c.lockType.shortTitle) · binding \(c.sessionBinding ? "on" : "off")", .hint)
        case .creatingActivation:
            line("The back office is creating the activation…", .hint)
        case .scanQR:
            line("Point the camera at the QR code.")
            y += 1
            let key = state.availableCommands.first { $0.action == .futurae(.scan) }?.key.description ?? "s"
            line("\(key) scans it; a pasted payload is taken as scanned.", .hint)
        case .typeShortCode, .sdkPin, .bindingToken:
            line(prompt(f.phase, c), .hint)
            y += 1
            if let form = FuturaeEnrollment.form(f) {
                y += FormView.render(form, policy: state.session.policy, focus: state.fieldFocus, into: &frame,
                                     area: Rect(x: inside.x, y: y, width: inside.width, height: inside.maxY - y))
            }
        case .enrolling:
            line("Enrolling (futurae.enroll)…", .hint)
        case .enrolled:
            guard let a = f.account else { break }
            line("✓ Enrolled", .done)
            y += 1
            for (name, value) in [("Service", a.serviceName), ("Username", a.username), ("Since", a.enrolledAt)] where y < inside.maxY {
                let x = frame.put(name.padded(toWidth: 10), x: inside.x, y: y, style: .hint, clip: inside)
                frame.put(value, x: x, y: y, style: .title, clip: inside)
                y += 1
            }
        case .failed:
            guard let e = f.failure else { break }
            line("✗ \(e.domain ?? "") \(e.code)", .failed)
            line(e.name ?? "", .failed)
            line(e.label)
            if let detail = e.detail { line(detail, .hint) }
            line("→ " + (Notice.futurae(e).advice), .hint)
            line("Enter retries, keeping what was typed.", .hint)
        }
        // The scanned payload at the bottom, wrapped (a URL has no spaces to break at).
        let scannedLines = f.scanned.map { ("code " + $0).wrapped(toWidth: inside.width) } ?? []
        if [.sdkPin, .bindingToken, .enrolling, .failed].contains(f.phase), y + scannedLines.count <= inside.maxY {
            for (i, text) in scannedLines.enumerated() {
                frame.put(text, x: inside.x, y: inside.maxY - scannedLines.count + i, style: .code, clip: inside)
            }
        }
    }

    static func prompt(_ phase: FuturaeEnrollment.Phase, _ c: SessionConfig) -> String {
        switch phase {
        case .typeShortCode: "Type the 16 digits the back office shows (the spaces are drawn for you)."
        case .sdkPin: "Choose the SDK PIN (4 to 8 digits), twice: lock type \(c.lockType.rawValue) has none yet."
        case .bindingToken: "Trusted Session Binding: type the token the service's web session shows."
        default: ""
        }
    }
}

/// The service's back office, its trusted web session: the activation it created, its shortcode
/// and binding token. The token is shown here and never on the phone.
enum FuturaeBackOfficeView {
    static func render(_ state: AppState, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Back office · web session")
        var y = inside.y
        func row(_ name: String, _ value: String, _ style: Style = .normal) {
            guard y < inside.maxY else { return }
            let x = frame.put(name.padded(toWidth: 10), x: inside.x, y: y, style: .hint, clip: inside)
            frame.put(value, x: x, y: y, style: style, clip: inside)
            y += 1
        }
        let f = state.futurae
        let user = state.session.config.username
        row("user", f.activation?.username ?? user, .title)
        // Before an enrollment starts, the user's pending activation is the one it will use.
        guard let a = f.activation ?? f.pending.last(where: { $0.username == user }) else {
            y += 1
            let others = Set(f.pending.map(\.username)).sorted()
            let more = others.isEmpty ? "" : " Pending for " + others.joined(separator: ", ") + "."
            y = frame.paragraph("No pending activation for this user: starting an enrollment creates one." + more, at: y, in: inside, style: .hint)
            return
        }
        if f.activation == nil { row("status", "pending", .pending) }
        row("expires", a.expiresAt)
        if let short = a.shortCode { row("shortcode", FuturaeInput.grouped(short), .code) }
        row("QR", a.shortCode == nil ? "shown for the phone" : "–", .hint)
        y += 1
        if let token = a.bindingToken {
            row("binding", "on", .normal)
            row("token", token, .code)
            y = frame.paragraph("Read the token here and type it on the phone.", at: y, in: inside, style: .hint)
        } else {
            row("binding", "off", .normal)
        }
    }
}
