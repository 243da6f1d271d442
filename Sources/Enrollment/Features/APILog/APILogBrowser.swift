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

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Delegate>] {
        switch action {
        case .opened, .submit: return []
        case .cancel: return [.back]
        case .moveSelection(let delta):
            let count = state.entries.count
            state.selection = count == 0 ? 0 : min(max(state.selection + delta, 0), count - 1)
            return []
        }
    }

    public static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        KeyBinding.select() + [.back()]
    }
}
