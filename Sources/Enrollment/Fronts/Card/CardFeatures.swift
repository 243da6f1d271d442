import PIMS

/// The card app's flows as the app holds them: their routes, their scopes (state, screen,
/// delegates: `CardDelegates.swift`), their calls' and controls' purposes. `CardFront.features`
/// registers them; nothing in the shell lists them.
extension Route {
    public static let card = Route("card"), cardShop = Route("cardShop"), cardAccounts = Route("cardAccounts")
}

extension Features {
    static let cardPhone = Scope(CardPhone.self, "cardPhone", CardPhone.State(), route: .card, resets: true) { $0.cardPhoneReported($1) }
    static let cardShop = Scope(CardShop.self, "cardShop", CardShop.State(), route: .cardShop, resets: true)
    static let cardAccounts = Scope(CardAccounts.self, "cardAccounts", CardAccounts.State(), route: .cardAccounts, resets: true)
}

extension CardFront {
    public static let features = [RegisteredFeature(Features.cardPhone), RegisteredFeature(Features.cardShop), RegisteredFeature(Features.cardAccounts)]
}

/// The flows' states by name (`app.guided`): each its scope's, through `AppState`'s one subscript.
extension AppState {
    public var cardPhone: CardPhone.State { get { self[Features.cardPhone] } set { self[Features.cardPhone] = newValue } }
    public var cardShop: CardShop.State { get { self[Features.cardShop] } set { self[Features.cardShop] = newValue } }
    public var cardAccounts: CardAccounts.State { get { self[Features.cardAccounts] } set { self[Features.cardAccounts] = newValue } }
}

/// The flows' controls as their actions (their calls: `StepLabelled`, `AnswersCalls`).
extension CardPhone {
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .controlAnswered(control, answer) }
}

extension CardShop {
    public static func controlAnswered(_ control: Control, _ answer: SimAnswer) -> Action? { .answered(control, answer) }
}

/// The purposes as the flows write them (`.cardPhone(.open)`).
extension CallPurpose {
    public static func cardPhone(_ call: CardPhone.Call) -> Self { CardPhone.purpose(call) }
    public static func cardAccounts(_ call: CardAccounts.Call) -> Self { CardAccounts.purpose(call) }
}

extension ControlPurpose {
    public static func cardPhone(_ control: CardPhone.Control) -> Self { CardPhone.controlPurpose(control) }
    public static func cardShop(_ control: CardShop.Control) -> Self { CardShop.controlPurpose(control) }
}
