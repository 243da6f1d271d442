import Card
import PIMS

/// Card's back office in the simulator panel: on the card named in the panel's Card field, the
/// issuer issues a new activation code, makes the card inactive or active again, and pushes a
/// purchase with it (CARD-BEHAVIOUR §4: controls, never calls). Its answer stays shown beside the
/// phone's notifications.
public enum CardIssuerControl: Hashable, Sendable {
    case activationCode
    case setCard(CardState)
    case purchase

    /// The card the field starts on: the first card of every built-in card scenario.
    static let defaultCard = "4242"
    /// The purchase the panel pushes (the shop types any other).
    static let merchant = "Simulator"
    static let amount = Amount(minorUnits: 1000, currency: Currency("EUR")!)!

    func control(card: String) -> SimControl {
        switch self {
        case .activationCode: .casaActivationCode(card: card)
        case .setCard(let state): .casaCard(card, state: state)
        case .purchase: .casaPurchase(card: card, merchant: Self.merchant, amount: Self.amount)
        }
    }

    /// The panel's keys for the issuer: letters no other panel key takes, nor, as Ctrl chords while a field
    /// is edited, an editing key (^H is Backspace, ^U clears).
    static var keys: [KeyBinding<SimulatorPanel.Action>] {
        [
            KeyBinding(.letter("v"), "new code", "Issuer: a new activation code for the Card field's card (casa.activationCode).", .cardIssuer(.activationCode)),
            KeyBinding(.letter("x"), "disable", "Issuer: make the Card field's card inactive (casa.card).", .cardIssuer(.setCard(.inactive))),
            KeyBinding(.letter("s"), "enable", "Issuer: make the Card field's card active again (casa.card).", .cardIssuer(.setCard(.active))),
            KeyBinding(.letter("b"), "buy", "Shop: push a \(amount.shown) purchase at \(merchant) with the Card field's card (casa.purchase).",
                       .cardIssuer(.purchase)),
        ]
    }

    /// The answer as the issuer's rows (as the shop's issuer pane has them) and a sentence.
    func read(_ answer: SimAnswer) -> (rows: [CardShop.Row], message: String) {
        let f = answer.fields
        switch self {
        case .activationCode:
            let card = f["maskedCardNumber"]?.stringValue ?? "–"
            let code = f["activationCode"]?.stringValue ?? "–"
            return ([CardShop.Row(name: "card", value: card), CardShop.Row(name: "code", value: code), CardShop.Row(name: "expires", value: f["expiresAt"]?.stringValue ?? "–")],
                    "Activation code \(code) issued for \(card): type it on the phone under Display Accounts (a).")
        case .setCard:
            let account = f["account"]
            let card = account?["maskedCardNumber"]?.stringValue ?? "–"
            let state = account?["state"]?.stringValue ?? "–"
            return ([CardShop.Row(name: "card", value: card), CardShop.Row(name: "state", value: state)], "The issuer made \(card) \(state).")
        case .purchase:
            let t = CardTransaction(f["transaction"])
            let to = f["pushedTo"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return ([CardShop.Row(name: "purchase", value: t?.transactionId ?? "–"), CardShop.Row(name: "amount", value: "\(t?.amount ?? "–") · \(t?.card ?? "–")"),
                     CardShop.Row(name: "pushed to", value: to.isEmpty ? "no phone" : to.joined(separator: ", "))],
                    "Purchase pushed to \(to.isEmpty ? "no phone" : to.joined(separator: ", ")).")
        }
    }
}

extension SimulatorPanel.Action {
    /// Card's issuer and shop on the Card field's card: a new activation code, the card's state, a purchase.
    public static func cardIssuer(_ control: CardIssuerControl) -> Self { .system(SystemPanelCommand(.card, control)) }
}

extension SimulatorPanel.Control {
    public static func cardIssuer(_ control: CardIssuerControl) -> Self { .system(SystemPanelCommand(.card, control)) }
}
