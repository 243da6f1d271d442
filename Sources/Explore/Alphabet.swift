import Enrollment
import Screens
import SimKernel
import SimWorld
import TerminalUI

/// What can be done in a state: the keys its keymap binds (the screen's own, the help bar's, the
/// simulator panel's, the shared moves), and, while a field is edited, values from the field's
/// dictionary, each put in whole (Ctrl-U, then a paste).
public enum Alphabet {
    /// The keys bound here, in the keymap's order. Leaving the app (q, Ctrl-C) is not explored; the
    /// screenshot and redraw keys only touch the terminal.
    public static func keys(_ state: AppState) -> [Key] { weightedKeys(state).map(\.key) }

    /// The same keys, each with how often the guided search presses it: Enter and the screen's own
    /// keys (its help bar) more than the moves every screen shares; the app's switches (help,
    /// pacing, the palette, marks, copies, exports, bug reports) less: they change how the app
    /// looks or writes, not where a flow goes.
    static func weightedKeys(_ state: AppState) -> [(key: Key, weight: Double)] {
        var keys: [(key: Key, weight: Double)] = []
        for binding in AppKeymap.keymap(for: state, helpTexts: false).bindings {
            let weight: Double
            switch binding.command {
            case .forceQuit, .redraw, .screenshot: continue
            case .send(.choose(.quit)): continue
            case .send(.choose(let command)) where switches.contains(command) || isCopyOrExport(command): weight = 0.5
            case .send(.submit): weight = 4
            case .send: weight = binding.barLabel != nil ? 3 : 1
            }
            for case .key(let key) in binding.patterns where !keys.contains(where: { $0.key == key }) { keys.append((key, weight)) }
        }
        return keys
    }

    static let switches: [Command] = [.toggleHelp, .togglePacing, .openPalette, .markExpected, .report, .toggleMask]

    static func isCopyOrExport(_ command: Command) -> Bool {
        switch command {
        case .copy, .export: true
        default: false
        }
    }

    /// Values to put in the field being edited (none when no field is): valid ones, the codes the
    /// world showed, wrong and edge ones.
    public static func values(_ state: AppState, harvest: Harvest) -> [String] {
        weightedValues(state, harvest: harvest).map(\.value)
    }

    /// The same, each with its weight: what the world showed (a code received, a sibling field's PIN)
    /// three times the others.
    static func weightedValues(_ state: AppState, harvest: Harvest) -> [(value: String, weight: Double)] {
        guard let field = state.editingField else { return [] }
        let siblings = (state.activeForm?.fields ?? []).filter { $0.id != field.id && $0.kind == field.kind && !$0.value.isEmpty }.map(\.value)
        var list: [String]
        let shown = Set(siblings + harvest.digits + harvest.tokens + harvest.vins)
        switch field.kind {
        // 1234 is the built-in PIMS accounts' PIN: the current PIN where a task asks for it (C's old
        // PIN, step 8, an OTP) and a new PIN equal to it (2315, R13 R14).
        case .pin: list = siblings + ["1357", "2468", "1234", "0000", "12", "13579135"]
        case .sdkPin: list = siblings + ["2468", "1357", "123", "12345678"]
        case .cardPin: list = siblings + ["2468", "1234", "0000", "12"]
        case .smsCode: list = harvest.digits(count: 4...8) + ["0000", "123", "99999999"]
        case .activationCode: list = harvest.digits(count: 8...8) + ["00000000", "1234"]
        case .shortCode: list = harvest.digits(count: 16...16) + ["0000000000000000", "1234"]
        case .bindingToken: list = harvest.tokens + ["AAAAAAAA", "ABC"]
        // A QR payload typed on the Futurae phone: badly encoded, of another kind, not Futurae's, unknown.
        case .qrPayload: list = ["futurae://enroll?activation_code=abc", "futurae://auth?session_id=1", "https://bank.acme.example/enroll",
                                 "futurae://enroll?activation_code=" + String(repeating: "A", count: 43), ""]
        case .phone: list = ["0612345678", "+33612345678", "0798765432", "12345"]
        case .vin: list = harvest.vins + ["VR1AB12C3D4567890", "WVWZZZ1JZXW000001", "ABC"]
        case .number: list = ["60", "600", "3600", "86400", "0", "31536000"]
        case .amount: list = ["49.99", "0", "0.01", "100000", "12.345"]
        case .password: list = [state.session.config.password, "wrong-pass", ""]
        // Text, and a kind a registered front declares that the explorer has no dictionary for.
        default: list = text(field.id, state)
        }
        var seen: Set<String> = []
        return list.filter { seen.insert($0).inserted }.map { ($0, shown.contains($0) ? 3 : 1) }
    }

    /// Free text by what the field means; text with an escape sequence where the screens show it
    /// back (a device id, a display name), for the control-text oracle.
    static func text(_ id: FieldID, _ state: AppState) -> [String] {
        switch id {
        case .username: ["alice@example.com", "bob@example.com", "nobody@example.com", ""]
        case .device: ["alice-iphone", "bob-android", "second-phone", "dev\u{1b}[31mred"]
        case .faultCode:
            (state.ruleCatalogues.first { $0.system == state.session.config.system.front.systemID }?.errorCodes ?? []) + ["999", "x"]
        case .faultSub: state.session.config.system.front.faultTargets + ["nope"]
        case .faultProbability: ["1", "0.5", "0", "2"]
        case .scenarioName: ScenarioLoader.builtinNames
        case .bookmarkName: ["b1", "b2"]
        case .logFilter: ["R11", "2317", "zzz"]
        case .displayName: ["My card", "Card\u{1b}]0;x\u{7}", ""]
        case .merchant: ["Shop", "Acme Store", ""]
        case .currency: ["EUR", "USD", "XX"]
        case .batteryLevel: ["50", "0", "100", "101"]
        case .startNow, .checkStartCharge: ["true", "false", "maybe"]
        case .deferredTime: deferredTimes(state) + ["PT22H30M", "PT24H0M", "later"]
        // The form's words (keep, none, or HH:MM days), which it sends as R29's JSON programs.
        case .programs: ["keep", "none", "07:30 mon,wed", "25:00 mon", "x"]
        // Saving and servers are out of the explorer's world: a path is written by nobody here, a URL opens nothing.
        case .savePath, .remoteURL, .scenario: []
        default: ["x", ""]
        }
    }

    /// A deferred charge's time of day (PT<h>H<m>M, UTC, R29) a quarter of an hour after the world's
    /// clock (the later of the last answer's time and the car's last read, which follows the
    /// Vehicle screen's clock keys), so its +1 h passes it (R35, R37).
    static func deferredTimes(_ state: AppState) -> [String] {
        let answered = state.log.entries.last(where: { $0.response?.trace != nil })?.response?.trace?.at
        let read = state.vehicle.truth.flatMap { SimTime(iso8601: $0.now) }
        guard let now = [answered, read].compactMap({ $0 }).max() else { return [] }
        let minutes = (now.seconds / 60 + 15) % (24 * 60)
        return ["PT\(minutes / 60)H\(minutes % 60)M"]
    }

    /// A state's abstraction for the explorer's model (DroidBot's): the screen, the field, what is open.
    static func abstractState(_ state: AppState) -> String {
        var s = state.route.title
        if let field = state.focusedField { s += "|\(field.id)" + (state.editing ? "*" : "") }
        if state.palette != nil { s += "|palette" }
        if state.showHelp { s += "|help" }
        if state.staged != nil { s += "|staged" }
        if state.isAwaitingConfirmation { s += "|confirm" }
        if let code = state.notice?.code { s += "|\(code)" }
        if let kind = state.notice?.kind { s += "|\(kind)" }
        return s
    }
}
