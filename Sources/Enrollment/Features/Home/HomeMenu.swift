/// The menu of flows, with the account at a glance.
public enum HomeMenu: Feature {
    public struct State: Hashable, Sendable {
        public var selection = 0
        /// The system whose menu `selection` points into: another system's menu starts at its top.
        public var system: SystemChoice?
        public init() {}

        /// The menu of `system`, its first entry selected unless it is the menu already shown.
        mutating func show(_ system: SystemChoice) {
            if self.system != system { selection = 0 }
            self.system = system
            selection = min(max(selection, 0), max(Route.homeMenu(system).count - 1, 0))
        }
    }

    public enum Action: FeatureAction {
        case opened, submit, cancel
        case moveSelection(Int)
    }

    public enum Delegate: Hashable, Sendable {
        case open(Route)
    }

    public static let title = "Home"
    public static let summary = "Choose a flow."

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Delegate>] {
        switch action {
        case .opened, .cancel: return []
        case .submit:
            let menu = Route.homeMenu(shared.config.system)
            return [.delegate(.open(menu[min(state.selection, menu.count - 1)]))]
        case .moveSelection(let delta):
            state.selection = min(max(state.selection + delta, 0), Route.homeMenu(shared.config.system).count - 1)
            return []
        }
    }

    public static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        KeyBinding.select() + [.enter("open", "Open the selected flow.")]
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func home(_ action: HomeMenu.Action) -> Action { HomeMenu.message(action) }
}
