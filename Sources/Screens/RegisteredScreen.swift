import SimKernel
import Enrollment
import TerminalUI

/// What a screen sees of the app besides its feature's state (ratatui's `StatefulWidget`: the
/// widget draws its own state; this is the little it shares): what the feature reads of the app
/// (the session's settings, the input policy, the system front's part), whether a call is in
/// flight, where the focus is, whether a code is asked for, the calls made so far, and the
/// key bound to an action now (screens that name a key draw it as the help bar does).
public struct ScreenContext: Sendable {
    public let shared: Shared
    public let callInFlight: Bool
    public let fieldFocus: FieldFocus
    /// The app, for what a system's screens read of it through their own accessors (PIMS's phone).
    let app: AppState
    /// The prompt on screen asks for an SMS code (the phone is shown while it does).
    public let asksForCode: Bool
    /// Every call of the session, in order (the API log's entries).
    public let calls: [APILog.Entry]
    private let keyOf: @Sendable (Action) -> String?

    public init(_ state: AppState) {
        shared = state.shared
        callInFlight = state.inFlight != nil
        fieldFocus = state.fieldFocus
        app = state
        asksForCode = state.activeForm?.has(.smsCode) == true
        calls = state.log.entries
        // The keys are resolved only when a screen names one (the keymap resolves them anyway), from
        // the list without help texts: the same keys, without asking every feature whether a flow
        // is under way (the quit key's help).
        keyOf = { action in state.availableKeys.first { $0.action == action }?.key.description }
    }

    /// The key that does `action` on this screen now, as the help bar spells it.
    public func key(_ action: Action) -> String? { keyOf(action) }

    public var config: SessionConfig { shared.config }
    public var policy: PINPolicy { shared.policy }
}

/// A screen drawn for its feature's route: from its feature's state and the screen context, or, for
/// a screen that shows one more value (another feature's state, a report over the log), from the app.
/// A system declares its screens in its `SystemScreen` entry.
public struct RegisteredScreen: Sendable {
    let route: Route
    let draw: Screens.Draw

    public init(_ route: Route, draw: @escaping Screens.Draw) {
        self.route = route
        self.draw = draw
    }

    public init<F: Feature>(_ feature: F.Type, route: Route,
                            render: @escaping @Sendable (F.State, ScreenContext, inout Frame, Rect) -> Void) {
        self.route = route
        draw = { state, frame, area in
            guard let own = state.state(of: feature) else { return }
            render(own, ScreenContext(state), &frame, area)
        }
    }
}
