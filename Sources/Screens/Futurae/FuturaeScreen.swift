import Enrollment
import QRCode
import TerminalUI

/// Futurae enrollment: the phone (the app's prompts) and the flow map on the left, the service's
/// back office (its trusted web session: the QR code, the shortcode, the binding token) on the right.
enum FuturaeScreen {
    static func render(_ f: FuturaeEnrollment.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        if f.phase == .scanQR, let payload = f.activation?.qrCode, let qr = try? QRCode(payload) {
            let (_, columns, _) = QRView.layout(qr, rows: area.height)
            let parts = area.splitColumns([.fill(), .fixed(columns)], gap: 1)
            phoneAndMap(f, context, into: &frame, area: parts[0])
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
        phoneAndMap(f, context, into: &frame, area: parts[0])
        FuturaeBackOfficeView.render(f, user: context.config.username, into: &frame, area: parts[1])
    }

    static func phoneAndMap(_ f: FuturaeEnrollment.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let mapHeight = FuturaeFlowStep.allCases.count + 2
        let rows = area.splitRows([.fill(), .fixed(mapHeight)])
        FuturaePhoneView.render(f, context, into: &frame, area: rows[0])
        FuturaeFlowMapView.render(f, context.config, into: &frame, area: rows[1])
    }
}

/// The flow map of a Futurae enrollment: ✓ done, ▶ now, ✗ failed, – skipped, · to come.
enum FuturaeFlowMapView {
    static func render(_ f: FuturaeEnrollment.State, _ config: SessionConfig, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Flow map")
        for (i, entry) in f.flowMap(config).enumerated() where i < inside.height {
            let (glyph, style) = Glyphs.step(entry.status)
            let row = inside.row(i)
            if entry.status == .current { frame.fill(row, style: .current) }
            frame.put("\(glyph) \(entry.step.title)", x: row.x, y: row.y, style: entry.status == .pending ? .normal : style, clip: row)
        }
    }
}

/// The phone: the app's screen at each step of the walk.
enum FuturaePhoneView {
    static func render(_ f: FuturaeEnrollment.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        let c = context.config
        let inside = frame.panel(area, title: "Phone · \(c.device)")
        var out = PanelWriter(inside, nameWidth: 10)
        switch f.phase {
        case .choose:
            for (i, method) in FuturaeEnrollment.Method.allCases.enumerated() where out.y + 1 < inside.maxY {
                let selected = i == f.selection
                let row = inside.row(out.y - inside.y)
                if selected { frame.fill(row, style: .selected) }
                frame.put((selected ? "▶ " : "  ") + method.title, x: row.x, y: out.y, style: selected ? .selected : .title, clip: row)
                out.skip()
                out.line("  " + method.detail, .hint, in: &frame)
            }
            out.line("Lock: \(c.lockType.shortTitle) · binding \(c.sessionBinding ? "on" : "off")", .hint, in: &frame)
        case .creatingActivation:
            out.line("The back office is creating the activation…", .hint, in: &frame)
        case .scanQR:
            out.line("Point the camera at the QR code.", in: &frame)
            out.skip()
            let key = context.key(.futurae(.scan)) ?? "s"
            out.line("\(key) scans it; a pasted payload is taken as scanned.", .hint, in: &frame)
            out.line("\(context.key(.futurae(.typePayload)) ?? "t") types what a QR code holds instead.", .hint, in: &frame)
        case .typePayload:
            out.line("Type what the QR code holds: futurae.qrCodeType checks it, then the enrollment goes on.", .hint, in: &frame)
            out.skip()
            if let form = FuturaeEnrollment.form(f) { out.form(form, policy: context.policy, focus: context.fieldFocus, in: &frame) }
        case .typeShortCode, .sdkPin, .bindingToken:
            out.line(prompt(f, c), .hint, in: &frame)
            out.skip()
            if let form = FuturaeEnrollment.form(f) { out.form(form, policy: context.policy, focus: context.fieldFocus, in: &frame) }
        case .enrolling:
            out.line("Enrolling (futurae.enroll)…", .hint, in: &frame)
        case .enrolled:
            guard let a = f.account else { break }
            out.line("✓ Enrolled", .done, in: &frame)
            out.skip()
            for (name, value) in [("Service", a.serviceName), ("Username", a.username), ("Since", a.enrolledAt)] {
                out.row(name, value, .title, in: &frame)
            }
        case .failed:
            guard let e = f.failure else { break }
            out.line("✗ \(e.domain ?? "") \(e.code)" + (e.name.map { " " + $0 } ?? ""), .failed, in: &frame)
            out.line(e.label, in: &frame)
            // Locked or archived, the way on is this screen's own (the unlock, a new session): said
            // before the detail, so that it shows at 80×24.
            if f.isLocked || f.isArchived { out.line(nextStep(f, c), .hint, in: &frame) }
            if let detail = e.detail { out.line(detail, .hint, in: &frame) }
            if !f.isLocked && !f.isArchived {
                out.line("→ " + (Notice.futurae(e).advice), .hint, in: &frame)
                out.line(nextStep(f, c), .hint, in: &frame)
            }
        case .unlockPIN:
            out.line("The SDK is locked: unlock it with its SDK PIN, then the enrollment is sent again.", .hint, in: &frame)
            out.skip()
            if let form = FuturaeEnrollment.form(f) { out.form(form, policy: context.policy, focus: context.fieldFocus, in: &frame) }
        case .biometricPrompt:
            out.line("Touch ID / Face ID: unlock the Futurae SDK", .title, in: &frame)
            out.skip()
            out.line("s recognised · f not recognised · c cancel", .hint, in: &frame)
        }
        // The scanned payload at the bottom, wrapped (a URL has no spaces to break at).
        let scannedLines = f.scanned.map { ("code " + $0).wrapped(toWidth: inside.width) } ?? []
        if [.sdkPin, .bindingToken, .enrolling, .failed].contains(f.phase), out.y + scannedLines.count <= inside.maxY {
            for (i, text) in scannedLines.enumerated() {
                frame.put(text, x: inside.x, y: inside.maxY - scannedLines.count + i, style: .code, clip: inside)
            }
        }
    }

    /// What Enter does after a failure, said as the keys do it.
    static func nextStep(_ f: FuturaeEnrollment.State, _ c: SessionConfig) -> String {
        if f.isArchived { return "Archived for good: a new session (a fresh install) goes on." }
        if f.isAlreadyEnrolled { return "Enter shows the device's accounts; n starts another enrollment." }
        if f.isLocked {
            if c.lockType.usesSDKPin { return "Enter unlocks with the SDK PIN" + (c.biometrics ? " (b: biometrics)" : "") + ", then enrolls again." }
            if c.lockType.locks && c.biometrics { return "Enter opens the biometric prompt, then enrolls again." }
        }
        return "Enter retries, keeping what was typed."
    }

    static func prompt(_ f: FuturaeEnrollment.State, _ c: SessionConfig) -> String {
        switch f.phase {
        case .typeShortCode: "Type the 16 digits the back office shows (the spaces are drawn for you)."
        case .sdkPin where !c.lockType.usesSDKPin:
            "Send as typed: lock type \(c.lockType.rawValue) has no SDK PIN; what is typed is sent anyway."
        case .sdkPin where f.pinSet == true:
            "Send as typed: this SDK has its SDK PIN already; what is typed is sent anyway."
        case .sdkPin: "Choose the SDK PIN (4 to 8 digits), twice: lock type \(c.lockType.rawValue) has none yet."
        case .bindingToken: "Trusted Session Binding: type the token the service's web session shows."
        default: ""
        }
    }
}

/// The service's back office, its trusted web session: the activation it created, its shortcode
/// and binding token. The token is shown here and never on the phone.
enum FuturaeBackOfficeView {
    /// `user`: the session's user (the activation shown before an enrollment starts is theirs).
    static func render(_ f: FuturaeEnrollment.State, user: String, into frame: inout Frame, area: Rect) {
        let inside = frame.panel(area, title: "Back office · web session")
        var out = PanelWriter(inside, nameWidth: 10)
        out.row("user", f.activation?.username ?? user, .title, in: &frame)
        // Before an enrollment starts, the user's pending activation is the one it will use.
        guard let a = f.activation ?? f.pending.last(where: { $0.username == user }) else {
            out.skip()
            let others = Set(f.pending.map(\.username)).sorted()
            let more = others.isEmpty ? "" : " Pending for " + others.joined(separator: ", ") + "."
            out.line("No pending activation for this user: starting an enrollment creates one." + more, .hint, in: &frame)
            return
        }
        if f.phase == .enrolled { out.row("status", "✓ used", .done, in: &frame) }
        else if f.activation == nil { out.row("status", "pending", .pending, in: &frame) }
        out.row("expires", a.expiresAt, in: &frame)
        if let short = a.shortCode { out.row("shortcode", FuturaeInput.grouped(short), .code, in: &frame) }
        // Silently, no QR code is shown: the app was handed the code.
        let qr = f.method == .silent ? "handed to the app" : (a.shortCode == nil ? "shown for the phone" : "–")
        out.row("QR", qr, .hint, in: &frame)
        out.skip()
        if let token = a.bindingToken {
            out.row("binding", "on", .normal, in: &frame)
            out.row("token", token, .code, in: &frame)
            out.line("Read the token here and type it on the phone.", .hint, in: &frame)
        } else {
            out.row("binding", "off", .normal, in: &frame)
        }
    }
}
