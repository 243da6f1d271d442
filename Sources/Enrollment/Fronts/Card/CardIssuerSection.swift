import Card
import PIMS

/// Card's back office in the simulator panel: on the card named in the panel's Card field, the
/// issuer issues a new activation code, makes the card inactive or active again, and pushes a
/// purchase with it; on the purchase waiting for this phone, the cardholder's other phone answers it
/// or the bank withdraws it (docs/card-rules.md §4: controls, never calls). Its answer stays shown
/// beside the phone's notifications.
public enum CardIssuerControl: Hashable, Sendable {
    case activationCode
    case setCard(CardState)
    case purchase
    case otherPhone(CardControl.OtherPhoneAnswer)
    case withdraw

    /// Whether the control acts on the Card field's card (the others act on this phone's purchase).
    var needsCard: Bool {
        switch self {
        case .activationCode, .setCard, .purchase: true
        case .otherPhone, .withdraw: false
        }
    }

    /// The card the field starts on: the first card of every built-in card scenario.
    static let defaultCard = "4242"
    /// The purchase the panel pushes (the shop types any other).
    static let merchant = "Simulator"
    static let amount = Amount(minorUnits: 1000, currency: Currency("EUR")!)!

    func control(card: String, session: String) -> SimControl {
        switch self {
        case .activationCode: .casaActivationCode(card: card)
        case .setCard(let state): .casaCard(card, state: state)
        case .purchase: .casaPurchase(card: card, merchant: Self.merchant, amount: Self.amount)
        case .otherPhone(let answer): .casaOtherPhone(answer, session: session)
        case .withdraw: .casaWithdraw(session: session)
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
            // One key for the other phone, NO (always possible: approving there needs the PIN unlocked);
            // z, the obvious second, is ^Z while a field is edited, a key the terminal owns.
            KeyBinding(.letter("k"), "2nd phone no",
                       "The cardholder's other phone says NO to the purchase waiting here (casa.otherPhone): this phone's answer meets ERROR_TRANSACTION_CLOSED.",
                       .cardIssuer(.otherPhone(.reject))),
            KeyBinding(.letter("y"), "withdraw",
                       "The bank withdraws the purchase waiting here (casa.withdraw): this phone's answer meets ERROR_NO_TRANSACTION.",
                       .cardIssuer(.withdraw)),
        ]
    }

    /// The answer as the issuer's rows (as the shop's issuer pane has them) and a sentence.
    func read(_ answer: SimAnswer) -> (rows: [CardShop.Row], message: String) {
        switch self {
        case .activationCode:
            let issued = IssuedCode(answer)
            return (issued.rows, "Activation code \(issued.activationCode ?? "–") issued for \(issued.maskedCardNumber ?? "–"): type it on the phone under Display Accounts (a).")
        case .setCard:
            let change = IssuerCardChange(answer)
            return (change.rows, "The issuer made \(change.maskedCardNumber ?? "–") \(change.state ?? "–").")
        case .purchase:
            let pushed = PurchasePushed(answer)
            let t = pushed.transaction, to = pushed.pushedTo
            return ([CardShop.Row(name: "purchase", value: t?.transactionId ?? "–"), CardShop.Row(name: "amount", value: "\(t?.amount ?? "–") · \(t?.card ?? "–")"),
                     CardShop.Row(name: "pushed to", value: to.isEmpty ? "no phone" : to.joined(separator: ", "))],
                    "Purchase pushed to \(to.isEmpty ? "no phone" : to.joined(separator: ", ")).")
        case .otherPhone:
            let t = PurchaseAnsweredElsewhere(answer).transaction
            return ([CardShop.Row(name: "purchase", value: t?.transactionId ?? "–"), CardShop.Row(name: "status", value: t?.status ?? "–"),
                     CardShop.Row(name: "answered", value: "on another phone")],
                    "Purchase \(t?.transactionId ?? "–") \(t?.status ?? "–") on another phone: this one's answer is too late.")
        case .withdraw:
            let withdrawn = PurchaseWithdrawn(answer)
            let t = withdrawn.transaction, from = withdrawn.removedFrom
            return ([CardShop.Row(name: "withdrawn", value: t?.transactionId ?? "–"), CardShop.Row(name: "amount", value: "\(t?.amount ?? "–") · \(t?.card ?? "–")"),
                     CardShop.Row(name: "gone from", value: from.isEmpty ? "no phone" : from.joined(separator: ", "))],
                    "Purchase \(t?.transactionId ?? "–") withdrawn: the bank no longer knows it.")
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

extension IssuedCode {
    /// The issuer's rows for a new code (the shop's issuer pane, the simulator panel).
    var rows: [CardShop.Row] {
        [CardShop.Row(name: "card", value: maskedCardNumber ?? "–"), CardShop.Row(name: "code", value: activationCode ?? "–"),
         CardShop.Row(name: "expires", value: expiresAt ?? "–")]
    }
}

extension IssuerCardChange {
    /// The issuer's rows for a card's new state.
    var rows: [CardShop.Row] { [CardShop.Row(name: "card", value: maskedCardNumber ?? "–"), CardShop.Row(name: "state", value: state ?? "–")] }
}
