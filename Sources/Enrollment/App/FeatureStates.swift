import SimKernel
import SimKernel

/// Where each built-in feature's state is kept in the app's registry of feature states
/// (`AppState.features`, under the feature's name), and what it starts as: the registry's `Scope`s
/// and the accessors below read the same key.
enum FeatureStates {
    static let home = key("home", HomeMenu.self, HomeMenu.State())
    static let guided = key("guided", GuidedEnrollment.self, GuidedEnrollment.State())
    static let account = key("account", AccountManagement.self, AccountManagement.State())
    static let otp = key("otp", StrongAuthentication.self, nil as StrongAuthentication.State)
    static let steps = key("steps", StepsChecklist.self, StepsChecklist.State())
    static let carKey = key("carKey", CarKeyFlow.self, CarKeyFlow.State())
    static let futurae = key("futurae", FuturaeEnrollment.self, FuturaeEnrollment.State())
    static let futuraeAccounts = key("futuraeAccounts", FuturaeAccounts.self, FuturaeAccounts.State())
    static let futuraeLogin = key("futuraeLogin", FuturaeLogin.self, FuturaeLogin.State())
    static let cardPhone = key("cardPhone", CardPhone.self, CardPhone.State())
    static let cardShop = key("cardShop", CardShop.self, CardShop.State())
    static let cardAccounts = key("cardAccounts", CardAccounts.self, CardAccounts.State())
    static let vehicle = key("vehicle", VehicleFlow.self, VehicleFlow.State())
    static let coverage = key("coverage", SessionCoverage.self, SessionCoverage.State())

    /// A feature's key: its name in the registry, and its initial state (a state equal to it is not
    /// kept). The name is spelt, not taken from `String(reflecting:)`: reflecting a type checks its
    /// conformances one by one, a scan of every conformance in the binary each, at start-up.
    static func key<F: Feature>(_ name: String, _ feature: F.Type, _ initial: F.State) -> StateKey<F.State> {
        StateKey("feature." + name, empty: initial)
    }

    /// A feature from outside the module: its key is its type's name (the cost above is paid when
    /// such a feature is registered, not at every start).
    static func key<F: Feature>(_ feature: F.Type, _ initial: F.State) -> StateKey<F.State> {
        StateKey(String(reflecting: feature), empty: initial)
    }
}

/// The built-in features' states by their old names, over the registry: the flows and screens read
/// `app.guided` as before, and the state lives with its feature.
extension AppState {
    public var home: HomeMenu.State {
        get { features[FeatureStates.home] }
        set { features[FeatureStates.home] = newValue }
    }
    public var guided: GuidedEnrollment.State {
        get { features[FeatureStates.guided] }
        set { features[FeatureStates.guided] = newValue }
    }
    public var account: AccountManagement.State {
        get { features[FeatureStates.account] }
        set { features[FeatureStates.account] = newValue }
    }
    public var otp: StrongAuthentication.State {
        get { features[FeatureStates.otp] }
        set { features[FeatureStates.otp] = newValue }
    }
    public var steps: StepsChecklist.State {
        get { features[FeatureStates.steps] }
        set { features[FeatureStates.steps] = newValue }
    }
    public var carKey: CarKeyFlow.State {
        get { features[FeatureStates.carKey] }
        set { features[FeatureStates.carKey] = newValue }
    }
    public var futurae: FuturaeEnrollment.State {
        get { features[FeatureStates.futurae] }
        set { features[FeatureStates.futurae] = newValue }
    }
    public var futuraeAccounts: FuturaeAccounts.State {
        get { features[FeatureStates.futuraeAccounts] }
        set { features[FeatureStates.futuraeAccounts] = newValue }
    }
    public var futuraeLogin: FuturaeLogin.State {
        get { features[FeatureStates.futuraeLogin] }
        set { features[FeatureStates.futuraeLogin] = newValue }
    }
    public var cardPhone: CardPhone.State {
        get { features[FeatureStates.cardPhone] }
        set { features[FeatureStates.cardPhone] = newValue }
    }
    public var cardShop: CardShop.State {
        get { features[FeatureStates.cardShop] }
        set { features[FeatureStates.cardShop] = newValue }
    }
    public var cardAccounts: CardAccounts.State {
        get { features[FeatureStates.cardAccounts] }
        set { features[FeatureStates.cardAccounts] = newValue }
    }
    public var vehicle: VehicleFlow.State {
        get { features[FeatureStates.vehicle] }
        set { features[FeatureStates.vehicle] = newValue }
    }
    public var coverage: SessionCoverage.State {
        get { features[FeatureStates.coverage] }
        set { features[FeatureStates.coverage] = newValue }
    }
}
