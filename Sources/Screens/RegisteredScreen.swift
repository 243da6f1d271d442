import Enrollment
import TerminalUI

/// What a screen sees of the app besides its feature's state (ratatui's `StatefulWidget`: the
/// widget draws its own state; this is the little it shares): what the feature reads of the app,
/// whether a call is in flight, and where the focus is (a field selected or being edited).
public struct ScreenContext: Sendable {
    public let shared: Shared
    public let callInFlight: Bool
    public let fieldFocus: FieldFocus

    init(_ state: AppState) {
        shared = state.shared
        callInFlight = state.inFlight != nil
        fieldFocus = state.fieldFocus
    }
}

/// A screen drawn from its feature's state and the screen context, registered for its feature's
/// route (`Screens.registering`).
public struct RegisteredScreen: Sendable {
    let route: Route
    let draw: Screens.Draw

    public init<F: Feature>(_ feature: F.Type, route: Route,
                            render: @escaping @Sendable (F.State, ScreenContext, inout Frame, Rect) -> Void) {
        self.route = route
        draw = { state, frame, area in
            guard let own = state.state(of: feature) else { return }
            render(own, ScreenContext(state), &frame, area)
        }
    }
}
