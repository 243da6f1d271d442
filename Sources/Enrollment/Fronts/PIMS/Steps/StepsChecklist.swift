import PIMS

/// The service activation steps checklist (seed 001): choose a vehicle, list by carAssociationID,
/// then by stepsID; filter; next step; reset the cache; a chosen `todo` step asks the app to run
/// the flow that does it, and the list is refreshed when that flow comes back.
public enum StepsChecklist: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Service activation steps"
    public static let summary = "Service activation steps of a vehicle: what is todo before remote services work."
    public static let menuLine = "Checklist: phone, device, car key"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened: return shared.account == nil ? [.refreshAccount] : []
        case .submit: return state.submit(shared)
        case .cancel:
            // Back from a vehicle whose list never came: to the vehicle choice.
            guard state.vin != nil && state.items.isEmpty else { return [.back] }
            state.vin = nil
            return []
        case .moveSelection(let delta):
            let count = state.vin == nil ? shared.vehicles.count : state.items.count
            state.selection = count == 0 ? 0 : min(max(state.selection + delta, 0), count - 1)
            return []
        case .fetch:
            state.listedByKey = true
            return state.fetch(reset: false)
        case .fetchByVIN:
            guard let vin = state.vin else { return [] }
            state.listedByKey = true
            return [.call(.steps(.fetchByVIN), PIMSRequests.steps(vin: vin, reset: false, filter: state.filter))]
        case .cycleFilter:
            let all = StepsFilter.allCases
            state.filter = all[((all.firstIndex(of: state.filter) ?? 0) + 1) % all.count]
            return state.fetch(reset: false)
        case .askNextStep:
            guard let id = state.stepsID else {
                state.message = "List the steps first: the next-step API needs a stepsID."
                return []
            }
            return [.call(.steps(.next), PIMSRequests.nextStep(stepsID: id))]
        case .resetCache: return state.resetCache(shared)
        case .chooseVehicle:
            state = State()
            return []
        case .resolved(let message):
            state.resolving = nil
            state.message = message
            return state.fetch(reset: false)
        case .flowLeft:
            state.resolving = nil
            return []
        case .openVehicle:
            guard let vin = state.vin else { return [] }
            return [.delegate(.openVehicle(vin: vin))]
        case .answered(let call, let response): return state.answered(call, response)
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let choosing = s.vin == nil
        let todoSelected = s.items.indices.contains(s.selection) && s.items[s.selection].isTodo
        return KeyBinding.select() + [
            .enter("choose", "List the steps of this vehicle (by carAssociationID).", when: choosing),
            .enter("resolve", "Start the flow that does this step; the list is refreshed after.", when: !choosing && todoSelected),
            KeyBinding(.letter("l"), "refresh", "List the steps again (by stepsID).", .fetch, when: !choosing),
            KeyBinding(.letter("f"), "filter: \(s.filter.rawValue)", "Cycle the filter all / todo / alreadyDone.", .cycleFilter, when: !choosing),
            KeyBinding(.letter("n"), "next step", "Ask for the next todo step (pims.subscription.step).", .askNextStep, when: !choosing),
            KeyBinding(.letter("s"), "reset cache", "Refresh with resetSteps: true: forget cached alreadyDone statuses.", .resetCache, when: !choosing),
            KeyBinding(.letter("c"), "vehicle", "Choose another vehicle.", .chooseVehicle, when: !choosing),
            KeyBinding(.letter("b"), "by VIN", "List the steps by the vehicle's VIN (R21): the same list, cache and stepsID.", .fetchByVIN,
                       when: !choosing),
            KeyBinding(.letter("v"), "remote", "Every step is done: open the Vehicle screen on this vehicle (remote commands).", .openVehicle,
                       when: !choosing && s.filter == .all && !s.items.isEmpty && !s.items.contains(where: \.isTodo)),
            .back(),
        ]
    }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func steps(_ action: StepsChecklist.Action) -> Action { StepsChecklist.message(action) }
}
