/// The API log screen: every call with its step, request, response and duration. The app writes
/// the log (every call passes through it); this feature only browses it.
public enum APILogBrowser: Feature {
    public typealias State = APILog

    public enum Action: FeatureAction {
        case opened, submit, cancel
        case moveSelection(Int)
    }

    public typealias Delegate = Never

    public static let title = "API log"
    public static let summary = "Every call with its request, response, duration and flow step."
    public static let menuLine = "Every call: request, response, time"
    /// The filter is a setting of the screen: letters stay commands until `/`.
    public static let editsOnArrival = false

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Delegate>] {
        switch action {
        case .opened, .submit: return []
        case .cancel: return [.back]
        case .moveSelection(let delta):
            // Among the calls the filter shows.
            let shown = state.shown
            guard let current = state.selectedIndex, let at = shown.firstIndex(of: current) else { return [] }
            state.selection = shown[min(max(at + delta, 0), shown.count - 1)]
            return []
        }
    }

    public static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let selected = state.selected != nil
        return KeyBinding.select() + [
            KeyBinding(.letter("/"), "filter", "Filter the calls: every word must match the API, step, ok/failed, code or JSON text.",
                       .app(.choose(.edit))),
            KeyBinding(.letter("y"), "copy request", "Copy the selected request to the clipboard as JSON (OSC 52).",
                       .app(.choose(.copy(.request))), when: selected),
            KeyBinding(.letter("a"), "copy answer", "Copy the selected call's answer to the clipboard as JSON (OSC 52).",
                       .app(.choose(.copy(.response))), when: state.selected?.response != nil),
        ] + SessionExport.allCases.map { kind in
            KeyBinding(.letter(kind.key), kind.shortTitle, "Export the session as \(kind.title) (file in the working directory).",
                       .app(.choose(.export(kind))), when: !state.entries.isEmpty)
        } + [.back()]
    }

    public static func form(_ state: State) -> Form? { state.filter }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.filter) }
}

extension SessionExport {
    /// The API log's key for it (never one that is ^C, ^H, ^I, ^J, ^M or ^Z while the filter is edited).
    var shortTitle: String {
        switch self {
        case .asciicast: "cast"
        case .markdown: "markdown"
        case .batch: "batch"
        }
    }

    var key: Character {
        switch self {
        case .asciicast: "t"
        case .markdown: "d"
        case .batch: "b"
        }
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func log(_ action: APILogBrowser.Action) -> Action { APILogBrowser.message(action) }
}
