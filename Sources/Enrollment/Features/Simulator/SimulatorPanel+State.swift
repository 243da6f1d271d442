import SimKernel
import SimKernel
import SimKernel
import SimKernel

extension SimulatorPanel {
    public struct State: Hashable, Sendable {
        /// Each system's own part of the panel, kept per front by its system (`PIMSPanelState`,
        /// `FuturaePanelState`, `CardPanelState`, each in its front's folder): what its sections show.
        public var systems = StateBag()
        /// The simulated clock, as the last control reported it.
        public var now: String?
        /// The fault rules this app added (the backend keeps no list a client can read).
        public var faults: [FaultRule] = []
        public var scenario: String?
        public var form = State.form(for: SystemFronts.defaultFront.system, keeping: Form([]))
        /// A question over the panel (the fault form, the save-as name); its form takes the fields' place.
        public var dialog: Dialog?
        /// The system whose panel this is (the session's, set when the panel opens): its sections,
        /// the calls its faults target and its presets are its front's.
        public var system = SystemFronts.defaultFront.system
        /// The call the fault presets apply to (index into the front's `faultTargets`).
        public var faultTarget = 0
        public var faultTargets: [String] { system.front.faultTargets }
        public var faultTargetName: String { faultTargets[min(faultTarget, faultTargets.count - 1)] }
        /// The target (or another call of the front) as a column `width` wide shows it, told apart from the others.
        public func shownTarget(_ name: String? = nil, width: Int) -> String {
            FaultTargetName.shown(name ?? faultTargetName, among: faultTargets, width: width)
        }
        public var faultPresets: [FaultPreset] { system.front.faultPresets }
        public func has(_ section: SimulatorSection) -> Bool { system.front.simulatorSections.contains(section) }
        /// The world's bookmarks as the last bookmark control reported them, oldest first.
        public var bookmarks: [String] = []
        /// The bookmark taken last from this panel (the same name may have been taken again).
        public var newestBookmark: String?
        /// The answer of the last control, in words.
        public var message: String?
        /// `e` asked whether to reset the world; Enter resets, Esc keeps it.
        public var confirmingReset = false

        public init() {}

        /// The panel's fields for `system`, keeping what was typed: the shared ones, then its
        /// front's (the card app's names the card its issuer's keys act on).
        static func form(for system: SystemChoice, keeping old: Form) -> Form {
            let own = system.front.simulatorFields
            var values: [FieldID: String] = [.advanceSeconds: "60"]
            for field in own { values[field.id] = field.initial }
            for field in old.fields { values[field.id] = field.value }
            let ids: [FieldID] = [.advanceSeconds, .scenario] + own.map(\.id)
            return Form(ids, values: values)
        }
    }

    /// A short form the panel asks before a control, answered by Enter, left by Esc.
    public struct Dialog: Hashable, Sendable {
        public enum Kind: Hashable, Sendable { case fault, saveAs, bookmark, restore }
        public var kind: Kind
        public var form: Form

        /// Any code of the contract for the target API, a sub-API (blank: every one), a probability
        /// (blank: the next matching call only).
        public static let fault = Dialog(kind: .fault, form: Form([.faultCode, .faultSub, .faultProbability]))

        public static func saveAs(_ scenario: String?) -> Dialog {
            Dialog(kind: .saveAs, form: Form([.scenarioName], suggestions: [.scenarioName: (scenario ?? "world") + "-saved"]))
        }

        /// A name for the world as it is now (the same name replaces that bookmark).
        public static func bookmark(_ suggested: String) -> Dialog {
            Dialog(kind: .bookmark, form: Form([.bookmarkName], suggestions: [.bookmarkName: suggested]))
        }

        /// The bookmark to go back to: the newest one, unless another is typed.
        public static func restore(_ newest: String?) -> Dialog {
            Dialog(kind: .restore, form: Form([.bookmarkName], suggestions: [.bookmarkName: newest ?? ""]))
        }

        public var title: String {
            switch kind {
            case .fault: "Fault on the target: any code"
            case .saveAs: "Save the world as a scenario"
            case .bookmark: "Bookmark the world as it is now"
            case .restore: "Restore the world to a bookmark"
            }
        }
    }
}

extension FaultRule {
    /// The rule in a line: "pims.vehicle.vin → 2201 ×1".
    public var summary: String { summary(name: name) }

    /// The same with the call's name as a narrow column shows it.
    public func summary(name: String) -> String {
        var what = name + (sub.map { " " + $0 } ?? "")
        if let code { what += " → \(code)" }
        if let latencyMs { what += " +\(latencyMs) ms" }
        if let times { what += " ×\(times)" }
        if let probability { what += " p=\(probability)" }
        return what
    }
}
