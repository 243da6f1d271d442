import SimKernel
import Walk

/// The coverage screen (issue 12.5): per system, which rules, branches and error codes this
/// session's answers exercised and which never were, read off the API log with the Walk module's
/// `Coverage` (the same report as `enrollsim coverage` of a recorded walk).
public enum SessionCoverage: Feature {
    public struct State: Hashable, Sendable {
        /// The first line shown (the report is longer than a screen).
        public var offset = 0
        public init() {}
    }

    public enum Action: FeatureAction {
        case opened, submit, cancel
        case moveSelection(Int)
        public var isAllowedWhileBusy: Bool { true }
    }

    public typealias Delegate = Never

    public static let title = "Coverage"
    public static let summary = "Which rules and error codes this session exercised, and which never were."
    public static let menuLine = "Rules and error codes exercised"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Outcome<Delegate>] {
        switch action {
        case .opened:
            state.offset = 0
            return []
        case .submit: return []
        case .cancel: return [.back]
        case .moveSelection(let delta):
            state.offset = max(0, state.offset + delta)
            return []
        }
    }

    public static func keys(_ state: State, _ shared: Shared) -> [KeyBinding<Action>] {
        [KeyBinding(.up, "up", "Scroll the report up (or k).", .app(.moveSelection(-1))),
         KeyBinding(.down, "down", "Scroll the report down (or j; PgDn a page).", .app(.moveSelection(1))),
         .back()]
    }
}

extension AppState {
    /// This session's answers against the contracts: every logged answer that says which rule
    /// produced it.
    public var sessionCoverage: CoverageReport {
        var coverage = Coverage()
        for entry in log.entries {
            if let response = entry.response { coverage.add(response) }
        }
        return coverage.report(ruleCatalogues)
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func coverage(_ action: SessionCoverage.Action) -> Action { SessionCoverage.message(action) }
}
