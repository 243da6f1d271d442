import Card
import SimKernel

/// The card app's part of the simulator panel, kept per front in the panel's `systems`: the
/// phone's notifications with their transactions' status, and the issuer's last answer.
public struct CardPanelState: Hashable, Sendable {
    public var pushes: [CardTransaction] = []
    /// The issuer's last answer (a code, a card's state, a purchase pushed).
    public var issuer: [CardShop.Row] = []

    public init() {}

    static let key = StateKey("casa", empty: CardPanelState())
}

/// What the card app's part of the panel reads: the phone's notifications (`casa.pushes`).
public enum CardPanelRead: Hashable, Sendable {
    case pushes
}

extension SimulatorPanel.Control {
    public static let pushes = Self.system(SystemPanelCommand(.card, CardPanelRead.pushes))
}

extension SimulatorPanel.State {
    public var card: CardPanelState {
        get { systems[CardPanelState.key] }
        set { systems[CardPanelState.key] = newValue }
    }
    public var pushes: [CardTransaction] {
        get { card.pushes }
        set { card.pushes = newValue }
    }
    public var issuer: [CardShop.Row] {
        get { card.issuer }
        set { card.issuer = newValue }
    }
}
