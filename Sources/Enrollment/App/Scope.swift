import SimKernel
import SimKernel

/// A feature inside the app (the Composable Architecture's `Scope`): where its state lives, its
/// screen, and who hears its delegates. It sends the feature its actions on its slice of the
/// state, with `Shared` built from the rest, and performs what it asks. Its actions reach it as
/// `Action.feature` messages addressed to its type: the embedding and the case path are derived.
struct Scope<F: Feature>: Sendable {
    /// Where the state lives: a field of the app's shared part, or the registry of feature states.
    /// A registry state is read by its key, not through a subscript key path: that one is projected
    /// generically, and the app reads states on every key.
    enum Place: Sendable {
        case field(WritableKeyPath<AppState, F.State> & Sendable)
        case registry(StateKey<F.State>)
    }
    let place: Place
    let route: Route?
    /// What a new SDK instance or world resets the state to; nil: the state outlives them.
    let initial: F.State?
    let report: @Sendable (inout AppState, F.Delegate) -> [Effect]

    init(_ feature: F.Type, _ state: WritableKeyPath<AppState, F.State> & Sendable, route: Route?, resetTo initial: F.State? = nil,
         report: @escaping @Sendable (inout AppState, F.Delegate) -> [Effect]) {
        self.place = .field(state)
        self.route = route
        self.initial = initial
        self.report = report
    }

    /// A feature that reports nothing.
    init(_ feature: F.Type, _ state: WritableKeyPath<AppState, F.State> & Sendable, route: Route?, resetTo initial: F.State? = nil)
    where F.Delegate == Never {
        self.init(feature, state, route: route, resetTo: initial) { _, never in switch never {} }
    }

    /// A feature whose state the app keeps in its registry of feature states (`AppState.features`)
    /// under `name`, starting as `initial`; `resets`: a new SDK instance or world sets it back to
    /// `initial`. The name is spelt, not taken from `String(reflecting:)`: reflecting a type checks its
    /// conformances one by one, a scan of every conformance in the binary each, at start-up.
    init(_ feature: F.Type, _ name: String, _ initial: F.State, route: Route?, resets: Bool = false,
         report: @escaping @Sendable (inout AppState, F.Delegate) -> [Effect]) {
        self.init(feature, StateKey("feature." + name, empty: initial), route: route, resets: resets, report: report)
    }

    /// A feature kept in the registry that reports nothing.
    init(_ feature: F.Type, _ name: String, _ initial: F.State, route: Route?, resets: Bool = false) where F.Delegate == Never {
        self.init(feature, name, initial, route: route, resets: resets) { _, never in switch never {} }
    }

    private init(_ feature: F.Type, _ key: StateKey<F.State>, route: Route?, resets: Bool,
                 report: @escaping @Sendable (inout AppState, F.Delegate) -> [Effect]) {
        self.place = .registry(key)
        self.route = route
        self.initial = resets ? key.empty : nil
        self.report = report
    }

    /// A feature from outside the module, kept in the registry by its type's name (the cost above is
    /// paid when such a feature is registered, not at every start).
    init(_ feature: F.Type, route: Route?, initial: F.State, resets: Bool = true,
         report: @escaping @Sendable (inout AppState, F.Delegate) -> [Effect]) {
        self.init(feature, StateKey(String(reflecting: feature), empty: initial), route: route, resets: resets, report: report)
    }

    /// Its key in the registry of feature states (the accessors `app.guided`, … read it).
    var key: StateKey<F.State> {
        guard case .registry(let key) = place else { preconditionFailure("\(F.self) is kept in a field of the app") }
        return key
    }

    func embed(_ action: F.Action) -> Action { F.message(action) }

    func read(_ app: AppState) -> F.State {
        switch place {
        case .field(let path): app[keyPath: path]
        case .registry(let key): app.features[key]
        }
    }

    func modify<R>(_ app: inout AppState, _ body: (inout F.State) -> R) -> R {
        switch place {
        case .field(let path): return body(&app[keyPath: path])
        case .registry(let key): return body(&app.features[key])
        }
    }

    func send(_ action: F.Action, to app: inout AppState) -> [Effect] {
        let shared = app.shared
        let outcomes = modify(&app) { F.reduce(&$0, action, shared) }
        return app.perform(outcomes, report: report)
    }
}

/// What the app asks of a feature, whichever it is.
protocol FeatureScope: Sendable {
    /// The feature this is.
    var feature: any Feature.Type { get }
    /// Its screen, if it has one.
    var route: Route? { get }
    /// One of its own actions (a message addressed to it).
    func receive(_ message: FeatureMessage, _ app: inout AppState) -> [Effect]
    /// Back to its initial state (a new SDK instance or world), if it has one.
    func reset(_ app: inout AppState)
    var title: String { get }
    var summary: String { get }
    var menuLine: String { get }
    func submit(_ app: inout AppState) -> [Effect]
    func cancel(_ app: inout AppState) -> [Effect]
    func moveSelection(_ delta: Int, _ app: inout AppState) -> [Effect]
    func open(_ app: inout AppState) -> [Effect]
    /// The feature's keys now, as the help bar and the keymap read them (`typing`: letters become ^letters).
    func commands(_ app: AppState, typing: Bool) -> [AvailableCommand]
    func form(_ app: AppState) -> Form?
    func editForm(_ app: inout AppState, _ edit: (inout Form) -> Void)
    /// Its state, for a front's own questions of its features (PIMS's `AwaitsSMS`).
    func anyState(_ app: AppState) -> any Sendable
    func confirmation(_ app: AppState) -> Confirmation?
    func isUnderway(_ app: AppState) -> Bool
    var editsOnArrival: Bool { get }
    func editsAtOnce(_ app: AppState) -> Bool
    /// A paste the screen takes whole (no field has the focus); empty when it does not.
    func paste(_ text: String, _ app: inout AppState) -> [Effect]?
    /// The answer of one of its calls or controls whose purpose is `.feature`.
    func answered(_ call: FeatureCall, _ response: CallResponse, _ app: inout AppState) -> [Effect]
    func controlAnswered(_ call: FeatureCall, _ answer: SimAnswer, _ app: inout AppState) -> [Effect]
    /// Its state now (a registered screen draws it).
    func state(_ app: AppState) -> any Hashable & Sendable
}

extension Scope: FeatureScope {
    var feature: any Feature.Type { F.self }
    func receive(_ message: FeatureMessage, _ app: inout AppState) -> [Effect] {
        message.action(of: F.self).map { send($0, to: &app) } ?? []
    }
    func reset(_ app: inout AppState) {
        if let initial { modify(&app) { $0 = initial } }
    }
    var title: String { F.title }
    var summary: String { F.summary }
    var menuLine: String { F.menuLine }
    func submit(_ app: inout AppState) -> [Effect] { send(.submit, to: &app) }
    func cancel(_ app: inout AppState) -> [Effect] { send(.cancel, to: &app) }
    func moveSelection(_ delta: Int, _ app: inout AppState) -> [Effect] { send(.moveSelection(delta), to: &app) }
    func open(_ app: inout AppState) -> [Effect] { send(.opened, to: &app) }

    func commands(_ app: AppState, typing: Bool) -> [AvailableCommand] {
        // While typing, a key that is no letter has no ^ form: it is typed (`/` into the log's filter).
        // One loop, not a filter and a map: this generic code runs for every key's keymap.
        var commands: [AvailableCommand] = []
        for binding in F.keys(read(app), app.shared) where binding.isOffered && !(typing && binding.key.isSymbol) {
            let action: Action = switch binding.does {
            case .own(let own): embed(own)
            case .app(let action): action
            }
            commands.append(AvailableCommand(binding.key.typing(typing), binding.title, binding.help, .own(action)))
        }
        return commands
    }

    func form(_ app: AppState) -> Form? { F.form(read(app)) }
    func editForm(_ app: inout AppState, _ edit: (inout Form) -> Void) { modify(&app) { F.editForm(&$0, edit) } }
    func anyState(_ app: AppState) -> any Sendable { read(app) }
    func confirmation(_ app: AppState) -> Confirmation? { F.confirmation(read(app), app.shared) }
    func isUnderway(_ app: AppState) -> Bool { F.isUnderway(read(app)) }
    var editsOnArrival: Bool { F.editsOnArrival }
    func editsAtOnce(_ app: AppState) -> Bool { F.editsAtOnce(read(app)) }
    func paste(_ text: String, _ app: inout AppState) -> [Effect]? {
        F.pasteAction(text, read(app)).map { send($0, to: &app) }
    }
    func answered(_ call: FeatureCall, _ response: CallResponse, _ app: inout AppState) -> [Effect] {
        call.call(of: F.self).flatMap { F.answered($0, response) }.map { send($0, to: &app) } ?? []
    }
    func controlAnswered(_ call: FeatureCall, _ answer: SimAnswer, _ app: inout AppState) -> [Effect] {
        call.control(of: F.self).flatMap { F.controlAnswered($0, answer) }.map { send($0, to: &app) } ?? []
    }
    func state(_ app: AppState) -> any Hashable & Sendable { read(app) }
}

/// A feature as its front declares it (`SystemFront.features`): its scope (its state kept in the
/// app's registry of feature states, its route, who hears its delegates). The built-in fronts and
/// those registered from outside the module declare theirs the same way.
public struct RegisteredFeature: Sendable {
    let scope: any FeatureScope

    init<F: Feature>(_ scope: Scope<F>) { self.scope = scope }

    /// A feature that reports nothing to the app.
    public init<F: Feature>(_ feature: F.Type, route: Route, initial: F.State) where F.Delegate == Never {
        scope = Scope(feature, route: route, initial: initial) { _, never in switch never {} }
    }

    /// A feature whose delegates `report` handles.
    public init<F: Feature>(_ feature: F.Type, route: Route?, initial: F.State,
                            report: @escaping @Sendable (inout AppState, F.Delegate) -> [Effect]) {
        scope = Scope(feature, route: route, initial: initial, report: report)
    }
}

extension AppState {
    /// A feature's state through its scope, wherever the scope keeps it: the one accessor every
    /// flow's name goes through (`app.guided` is `self[Features.guided]`).
    subscript<F: Feature>(_ scope: Scope<F>) -> F.State {
        get { scope.read(self) }
        set { scope.modify(&self) { $0 = newValue } }
    }

    /// The state of a feature now, if it is registered (a registered screen draws it).
    public func state<F: Feature>(of feature: F.Type) -> F.State? {
        Features.scope(of: ObjectIdentifier(feature))?.state(self) as? F.State
    }
}
