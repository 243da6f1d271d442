import Enrollment
import PIMS
import TerminalUI

/// The Vehicle screen: the car drawn as a status panel, each command's progress from its signals,
/// and the signal log; a small form for the commands with parameters. It draws the feature's state
/// and a small context, not the whole app.
enum VehicleScreen {
    static func render(_ s: VehicleFlow.State, _ context: ScreenContext, into frame: inout Frame, area: Rect) {
        guard s.phase != .choose, let vin = s.vin else {
            VehiclePicker.render(context.vehicles, busy: context.callInFlight, selection: s.selection,
                                 title: "Choose the vehicle: set pims.vehicle.vin {actionType: remote} selects it (R26)",
                                 focused: !s.typingVIN, into: &frame, area: area)
            // After the list: a VIN typed by hand (one not of the account answers 2366).
            var y = area.y + 3 + context.vehicles.count
            guard y < area.maxY else { return }
            frame.put((s.typingVIN ? "▸ " : "  ") + "Another VIN…", x: area.x, y: y, style: s.typingVIN ? .selected : .normal, clip: area)
            y += 1
            if s.typingVIN, let form = VehicleFlow.form(s) {
                y += FormView.render(form, policy: context.policy, focus: context.fieldFocus, into: &frame,
                                     area: Rect(x: area.x + 2, y: y, width: area.width - 2, height: area.maxY - y))
            }
            if let message = s.message, y < area.maxY { frame.paragraph(message, at: y + 1, in: area, style: .hint) }
            return
        }
        let vehicle = context.vehicles.first { $0.vin == vin }
        var y = area.y
        let copy = s.status.map { " · \($0.type) · status of \($0.lastUpdate)" } ?? " · status not read yet"
        // The VIN, the type and the status's time whole; a long brand and model give way (80 columns).
        let room = area.width - (vin + copy).terminalWidth - 3
        let model = vehicle.map { "\($0.brand) \($0.model)" }.map { room >= 8 ? $0.truncated(toWidth: room) + " · " : "" } ?? ""
        frame.put((model + vin + copy).truncated(toWidth: area.width), x: area.x, y: y, style: .title, clip: area)
        y += 1
        let wide = area.width >= 100
        // Seven rows of the car at least; a tall terminal gives the commands more.
        let carHeight = min(area.height >= 34 ? 12 : 9, max(0, area.maxY - y))
        let columns = Rect(x: area.x, y: y, width: area.width, height: carHeight).splitColumns([.fill(), .fill()], gap: 1)
        drawCar(s, into: &frame, area: frame.panel(columns[0], title: "Car (status as the phone has it)"))
        drawCommands(s, into: &frame, area: frame.panel(columns[1], title: "Commands · their signals"))
        y = columns[0].maxY
        if case .form(let kind) = s.phase, let form = VehicleFlow.form(s) {
            let height = min(form.fields.count + 3, max(0, area.maxY - y))
            let title = kind == .deferredCharge ? "chargeDeferredTime (deferredTime PT<h>H<m>M, UTC)"
                                                : "preconditioning (programs: keep, none, or HH:MM mon,wed)"
            let inside = frame.panel(Rect(x: area.x, y: y, width: area.width, height: height), title: title, style: .current)
            FormView.render(form, policy: context.policy, focus: context.fieldFocus, into: &frame, area: inside)
            y += height
        }
        let logArea = Rect(x: area.x, y: y, width: area.width, height: max(0, area.maxY - y))
        guard logArea.height >= 3 else { return }
        drawLog(s, wide: wide, into: &frame, area: frame.panel(logArea, title: "Signal log (newest last)"))
    }

    private static func drawCar(_ s: VehicleFlow.State, into frame: inout Frame, area: Rect) {
        guard let v = s.status else {
            frame.paragraph(s.message ?? "g reads the status.", at: area.y, in: area, style: .hint)
            return
        }
        var rows: [(String, String, Style)] = []
        let doors = v.open.isEmpty ? "all closed" : "open: " + v.open.joined(separator: ", ")
        rows.append(("doors", "\(v.lock) · \(doors)", v.open.isEmpty ? .normal : .warning))
        if let level = v.level {
            rows.append(("battery", VehicleStatus.percent(level) + (v.autonomy.map { " · \($0) km" } ?? ""), level < 20 ? .warning : .normal))
            var charge = v.plugged ? "plugged \(v.chargingMode ?? "?")" : "unplugged"
            charge += " · \(v.chargingState ?? "?")"
            if v.isCharging {
                charge += " · \(VehicleStatus.percent(v.chargingRate))/h"
                if let left = VehicleStatus.duration(v.remainingTime) { charge += " · \(left) left" }
            }
            rows.append(("charge", charge, v.isCharging ? .current : .normal))
            if let next = v.nextDeferredChargingDate { rows.append(("deferred", "next \(next)", .normal)) }
            rows.append(("precond", "\(v.precondStatus ?? "?") · \(v.programs) program\(v.programs == 1 ? "" : "s")", .normal))
        }
        if let fuel = v.fuelLevel { rows.append(("fuel", VehicleStatus.percent(fuel) + (v.level == nil ? (v.autonomy.map { " · \($0) km" } ?? "") : ""), .normal)) }
        if let t = s.truth {
            let car = [t.asleep ? "asleep" : "awake", t.online ? "online" : "offline", t.engineOn ? "engine on" : "engine off"]
            rows.append(("car", car.joined(separator: " · "), t.asleep || !t.online || t.engineOn ? .warning : .done))
            if let next = t.inFlight.min(by: { $0.due < $1.due }) {
                rows.append(("next step", "\(next.action) \(next.step) due \(clock(next.due))", .pending))
            }
            rows.append(("clock", t.now, .dim))
        }
        // Shown only when off, where it explains a 2365 (R28 (5)); the screen subscribes by itself.
        if !s.subscribed { rows.insert(("signals", "off: commands get 2365", .warning), at: 0) }
        frame.nameValueRows(rows, nameWidth: 10, in: area)
    }

    private static func drawCommands(_ s: VehicleFlow.State, into frame: inout Frame, area: Rect) {
        guard !s.commands.isEmpty else {
            frame.paragraph("No command yet: l lock, u unlock, h horn, w lights, c charge, d deferred, a precond.", at: area.y, in: area,
                            style: .hint)
            return
        }
        // The time when there is room for it beside the longest title and step (80 columns has none).
        let timed = area.width >= 40
        let stepWidth = max(8, area.width - (timed ? 9 : 0) - 17)
        // A failure's code and label wrap under its step column, whole; the newest that fit, oldest first.
        var rows: [(VehicleFlow.CommandProgress, [String])] = []
        var used = 0
        for c in s.commands.reversed() {
            let lines = c.step.words.wrapped(toWidth: stepWidth)
            guard used + lines.count <= area.height || rows.isEmpty else { break }
            rows.insert((c, Array(lines.prefix(area.height))), at: 0)
            used += lines.count
        }
        var y = area.y
        for (c, lines) in rows {
            let style: Style = switch c.step {
            case .done: .done
            case .failed: .failed
            case .sending, .pending, .sent: .current
            }
            var x = area.x
            if timed { x = frame.put(clock(c.at).padded(toWidth: 9), x: x, y: y, style: .dim, clip: area) }
            x = frame.put(c.title.padded(toWidth: 17), x: x, y: y, style: .normal, clip: area)
            for line in lines where y < area.maxY {
                frame.put(line, x: x, y: y, style: style, clip: area)
                y += 1
            }
        }
    }

    private static func drawLog(_ s: VehicleFlow.State, wide: Bool, into frame: inout Frame, area: Rect) {
        guard !s.log.isEmpty else {
            frame.paragraph(s.message ?? "The signals of this account's commands appear here as they come (t advances the clock).",
                            at: area.y, in: area, style: .hint)
            return
        }
        var y = area.y
        for line in s.log.suffix(area.height) {
            let code = line.code.map(String.init) ?? "event"
            let style: Style = switch line.code {
            case 200: .done
            case 902, 903: .failed
            case nil: .success
            default: .normal
            }
            var x = frame.put(clock(line.at).padded(toWidth: 9), x: area.x, y: y, style: .dim, clip: area)
            x = frame.put(code.padded(toWidth: 6), x: x, y: y, style: style, clip: area)
            x = frame.put((line.action ?? "").padded(toWidth: wide ? 20 : 12), x: x, y: y, style: .normal, clip: area)
            frame.put(line.text, x: x, y: y, style: .hint, clip: area)
            y += 1
        }
    }

    /// `2026-01-01T12:00:07Z` as `12:00:07` (the log's column; the day is the clock's).
    static func clock(_ iso: String) -> String {
        guard let t = iso.firstIndex(of: "T") else { return iso }
        return String(iso[iso.index(after: t)...].prefix(8))
    }
}
