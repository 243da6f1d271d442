import Card
import PIMS

/// The shop and the issuer's back office (docs/card-rules.md §4): a purchase with a card (C1: the
/// transaction and its push to the cardholder's phones), a new activation code for a card, and a
/// card made inactive or active again. Controls of the simulator, not calls of the app.
public enum CardShop: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Shop & issuer"
    public static let summary = "Pay at a shop with a card (a 3-D Secure purchase pushed to the phone); the issuer's controls."
    public static let menuLine = "Pay with a card; the issuer's controls"

    public enum Action: FeatureAction {
        case opened, submit, cancel
        case moveSelection(Int)
        case activationCode
        case setCard(CardState)
        case answered(Control, SimAnswer)
    }

    public typealias Delegate = Never

    public enum Control: Hashable, Sendable {
        case purchase, activationCode, cardState, issuer
    }

    public struct State: Hashable, Sendable {
        /// The card field is filled from the world's cards when the issuer's side is read (a card
        /// the scenario has, never one it lacks).
        public var form = Form([.merchant, .amount, .currency, .cardNumber],
                               values: [.merchant: "Book Corner", .amount: "49.99", .currency: "EUR"])
        /// The issuer's side as last read: its cards, and the activation codes still pending.
        public var issuer = CardIssuerView()
        /// The last purchase made here, and the phones it was pushed to.
        public var purchase: CardTransaction?
        public var pushedTo: [String] = []
        /// The issuer's last answer: an activation code, or a card's new state.
        public var issuedRows: [Row] = []
        public var message: String?
        public init() {}
    }

    public struct Row: Hashable, Sendable {
        public var name: String
        public var value: String
    }

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        let card = state.form[.cardNumber].trimmingSpaces
        switch action {
        case .opened: return [.control(.cardShop(.issuer), .casaIssuer)]
        case .moveSelection(let delta):
            state.form.moveFocus(delta)
            return []
        case .submit:
            guard state.form.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
            let code = state.form[.currency].uppercased()
            guard let currency = Currency(code) else {
                return [.notice(Notice(kind: .error, label: "Unknown currency \"\(code)\".", advice: "One of " + Currency.known.keys.sorted().joined(separator: " ") + "."))]
            }
            guard let amount = CardInput.amount(state.form[.amount], currency) else {
                return [.notice(Notice(kind: .error, label: "\"\(state.form[.amount])\" is not an amount in \(code).",
                                       advice: currency.exponent == 0 ? "Whole \(code), e.g. 5000." : "E.g. 49.99, at most \(currency.exponent) decimals."))]
            }
            return [.control(.cardShop(.purchase), .casaPurchase(card: card, merchant: state.form[.merchant], amount: amount))]
        case .cancel: return [.back]
        case .activationCode: return [.control(.cardShop(.activationCode), .casaActivationCode(card: card))]
        case .setCard(let s): return [.control(.cardShop(.cardState), .casaCard(card, state: s))]
        case .answered(let control, let answer): return state.answered(control, answer)
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        [
            .enter("pay", "Pay with the card: a 3-D Secure purchase pushed to the cardholder's phones (casa.purchase, C1)."),
            KeyBinding(.letter("n"), "new code", "The issuer issues a new activation code for the card (casa.activationCode).", .activationCode),
            KeyBinding(.letter("d"), "disable", "The issuer makes the card inactive (casa.card).", .setCard(.inactive)),
            KeyBinding(.letter("e"), "enable", "The issuer makes the card active again (casa.card).", .setCard(.active)),
            .back(),
        ]
    }

    public static func form(_ state: State) -> Form? { state.form }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { edit(&state.form) }
}

extension CardShop.State {
    mutating func answered(_ control: CardShop.Control, _ answer: SimAnswer) -> [CardShop.Out] {
        // A backend without the issuer's view (a walk recorded before it) leaves the card to type.
        if control == .issuer && !answer.ok { return [] }
        guard answer.ok else {
            message = nil
            return [.notice(Notice(kind: .error, label: "The simulator refused.", detail: answer.error,
                                   advice: "Check the card (its last four digits or its accountId)."))]
        }
        switch control {
        case .issuer:
            issuer = CardIssuerView(answer)
            // The card a purchase is made with, unless one is typed: the one that auto-enrolls
            // (card-replacement's 8888), else an active one, else the first.
            if form[.cardNumber].isEmpty, let card = issuer.suggestedCard { form[.cardNumber] = String(card.suffix(4)) }
            return []
        case .purchase:
            let pushed = PurchasePushed(answer)
            purchase = pushed.transaction
            pushedTo = pushed.pushedTo
            message = "Paid: the bank pushed the purchase to the cardholder's phone (session \(pushedTo.joined(separator: ", ")))."
        case .activationCode:
            issuedRows = IssuedCode(answer).rows
            message = "A new activation code: type it on the phone under Display Accounts (a)."
        case .cardState:
            issuedRows = IssuerCardChange(answer).rows
            message = "The issuer changed the card's state."
        }
        return []
    }
}

/// The shop's amount as typed: `49.99` in a currency with 2 decimals is 4999 minor units.
public enum CardInput {
    public static func amount(_ text: String, _ currency: Currency) -> Amount? {
        let parts = text.trimmingSpaces.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), !parts[0].isEmpty else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= currency.exponent, parts.count == 1 || !fraction.isEmpty else { return nil }
        let padded = fraction + String(repeating: "0", count: currency.exponent - fraction.count)
        guard let minor = Int(String(parts[0]) + padded) else { return nil }
        return Amount(minorUnits: minor, currency: currency)
    }
}

extension String {
    var trimmingSpaces: String { String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func cardShop(_ action: CardShop.Action) -> Action { CardShop.message(action) }
}
