import Card
import PIMS

/// Display Accounts (C9): the cards on this phone with their state; delete one from the phone
/// (C10); the standard activation of a card by the code the bank gave (C11), then the first PIN (C12).
public enum CardAccounts: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Display Accounts"
    public static let summary = "The cards on this phone with their state; delete one; activate a card with its code."
    public static let menuLine = "The cards on this phone; activation"

    public enum Phase: Hashable, Sendable {
        case list
        /// The activation code and the card's display name (C11).
        case activate
        /// The user's first PIN, twice (C12).
        case setPin
        case confirmDelete(EnrolledCard)
    }

    public struct State: Hashable, Sendable {
        public var phase: Phase = .list
        public var accounts: [EnrolledCard] = []
        public var selection = 0
        public var activationForm = Form([.activationCode, .displayName])
        public var pinForm = Form([.cardPin, .cardPinConfirm])
        public var message: String?
        public init() {}

        public var selected: EnrolledCard? { accounts.indices.contains(selection) ? accounts[selection] : nil }
    }

    public enum Action: FeatureAction, AnswersCalls {
        case opened, submit, cancel
        case moveSelection(Int)
        case refresh, delete, activate
        /// The PIN prompt with no activation waiting for it: C12 answers why not.
        case setPinPrompt
        case answered(Call, CallResponse)
    }

    public typealias Delegate = Never

    public enum Call: Hashable, Sendable, StepLabelled {
        case accounts, delete, activate, setPin

        public var stepLabel: String {
            switch self {
            case .accounts: "Card · Display Accounts (C9)"
            case .delete: "Card · delete an account (C10)"
            case .activate: "Card · activation code (C11)"
            case .setPin: "Card · set the PIN (C12)"
            }
        }
    }

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened, .refresh: return [.call(.cardAccounts(.accounts), CardRequests.accounts)]
        case .moveSelection(let delta):
            switch state.phase {
            case .list: state.selection = state.accounts.isEmpty ? 0 : min(max(state.selection + delta, 0), state.accounts.count - 1)
            case .activate: state.activationForm.moveFocus(delta)
            case .setPin: state.pinForm.moveFocus(delta)
            case .confirmDelete: break
            }
            return []
        case .submit:
            switch state.phase {
            case .list: return []
            case .activate:
                guard state.activationForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
                return [.call(.cardAccounts(.activate), CardRequests.activate(code: state.activationForm[.activationCode],
                                                                             displayName: state.activationForm[.displayName]))]
            case .setPin:
                guard state.pinForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy, confirm: [(.cardPin, .cardPinConfirm)])
                else { return [] }
                return [.call(.cardAccounts(.setPin), CardRequests.setPin(state.pinForm[.cardPin]))]
            case .confirmDelete(let card):
                state.phase = .list
                return [.call(.cardAccounts(.delete), CardRequests.delete(card.accountId))]
            }
        case .cancel:
            guard state.phase == .list else {
                state.phase = .list
                return []
            }
            return [.back]
        case .delete:
            guard state.phase == .list, let card = state.selected else { return [] }
            state.phase = .confirmDelete(card)
            return []
        case .activate:
            state.activationForm.clear([.activationCode, .displayName])
            state.message = nil
            state.phase = .activate
            // The bank's letter: the issuer's pending codes, which the form shows (read by the shop's side).
            return [.control(.cardShop(.issuer), .casaIssuer)]
        case .setPinPrompt:
            guard state.phase == .list else { return [] }
            state.pinForm.clear([.cardPin, .cardPinConfirm])
            state.message = "An activation asks for the PIN by itself; sent now, the bank says whether one may be set (C12)."
            state.phase = .setPin
            return []
        case .answered(let call, let response): return state.answered(call, response)
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let listing = s.phase == .list
        return KeyBinding.select(when: listing && s.accounts.count > 1) + [
            KeyBinding(.letter("a"), "activate", "Activate a card with the code the bank gave (casa.verifyActivation).", .activate, when: listing),
            KeyBinding(.letter("d"), "delete", "Delete the selected card from this phone (casa.deleteAccount).", .delete, when: listing && s.selected != nil),
            KeyBinding(.letter("g"), "reload", "Read the cards again (casa.getAllEnrolledAccounts).", .refresh, when: listing),
            KeyBinding(.letter("s"), "set PIN", "Set the user PIN with no activation waiting (casa.setPin), to see the bank's answer.",
                       .setPinPrompt, when: listing),
            .enter("activate", "Send the activation code and the display name.", when: s.phase == .activate),
            .enter("set PIN", "Set the PIN that protects every card on this phone (casa.setPin).", when: s.phase == .setPin),
            .escape("close", "Close the prompt.", when: s.phase == .activate || s.phase == .setPin),
            .back(when: listing),
        ]
    }

    public static func form(_ state: State) -> Form? {
        switch state.phase {
        case .activate: state.activationForm
        case .setPin: state.pinForm
        case .list, .confirmDelete: nil
        }
    }
    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) {
        switch state.phase {
        case .activate: edit(&state.activationForm)
        case .setPin: edit(&state.pinForm)
        case .list, .confirmDelete: break
        }
    }
    public static func confirmation(_ state: State, _ shared: Shared) -> Confirmation? {
        guard case .confirmDelete(let card) = state.phase else { return nil }
        return Confirmation("Delete \(card.displayName) \(card.card)?", "The card leaves this phone; the bank's record stays (C10).")
    }
    public static func isUnderway(_ state: State) -> Bool { state.phase == .activate || state.phase == .setPin }
}

extension CardAccounts.State {
    mutating func answered(_ call: CardAccounts.Call, _ response: CallResponse) -> [CardAccounts.Out] {
        if let error = response.error {
            message = "\(error.code): \(error.detail ?? error.label)"
            return [.notice(.card(error))]
        }
        switch call {
        case .accounts:
            accounts = EnrolledCard.list(response.result)
            selection = min(selection, max(accounts.count - 1, 0))
            return []
        case .delete:
            message = "Deleted from this phone; the bank still has the card."
            return [.call(.cardAccounts(.accounts), CardRequests.accounts)]
        case .activate:
            let card = EnrolledCard.named(in: response.result)
            if CardResult.pinRequired(response.result) {
                pinForm.clear([.cardPin, .cardPinConfirm])
                phase = .setPin
                message = "\(card?.card ?? "The card") is provisioned: choose the PIN for this phone."
                return []
            }
            phase = .list
            message = "\(card?.card ?? "The card") is active on this phone."
            return [.notice(.success(message ?? "")), .call(.cardAccounts(.accounts), CardRequests.accounts)]
        case .setPin:
            phase = .list
            let card = EnrolledCard.named(in: response.result)
            message = "PIN set: \(card?.card ?? "the card") is active on this phone."
            return [.notice(.success(message ?? "")), .call(.cardAccounts(.accounts), CardRequests.accounts)]
        }
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func cardAccounts(_ action: CardAccounts.Action) -> Action { CardAccounts.message(action) }
}
