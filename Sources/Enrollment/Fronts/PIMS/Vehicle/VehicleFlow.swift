import PIMS

/// The payoff of enrollment (3-1, 3-2): the vehicle selected for remote use, its status as the
/// phone last heard it, remote commands as keys, each command's progress from the signals
/// (900 → 901 → 200 / 902 / 903, R31, R43), charge notifications (R37) and status calls (R39–R41).
/// A closed strong-authentication window (2302) goes by the OTP page and the same command again.
public enum VehicleFlow: Feature {
    public typealias Out = Outcome<Delegate>

    public static let title = "Vehicle"
    public static let summary = "Remote commands and vehicle status: lock, horn, lights, charge, preconditioning; live signals."
    public static let menuLine = "Remote commands, status, signals"

    public static func reduce(_ state: inout State, _ action: Action, _ shared: Shared) -> [Out] {
        switch action {
        case .opened:
            guard state.phase != .choose else { return shared.account == nil ? [.refreshAccount] : [] }
            return state.readTruth(shared)
        case .moveSelection(let delta):
            switch state.phase {
            case .choose:
                // The account's vehicles, then "another VIN".
                state.selection = min(max(state.selection + delta, 0), shared.vehicles.count)
                state.typingVIN = state.selection == shared.vehicles.count
            case .form: state.editForm { $0.moveFocus(delta) }
            case .ready: break
            }
            return []
        case .submit:
            switch state.phase {
            case .choose:
                if state.typingVIN {
                    guard state.vinForm.validate(sendAsTyped: shared.sendAsTyped, policy: shared.policy) else { return [] }
                    state.vin = state.vinForm[.vin]
                    return [.call(.vehicle(.select), RemoteRequests.select(state.vinForm[.vin]))]
                }
                guard shared.vehicles.indices.contains(state.selection) else { return [.refreshAccount] }
                state.vin = shared.vehicles[state.selection].vin
                return [.call(.vehicle(.select), RemoteRequests.select(shared.vehicles[state.selection].vin))]
            case .form(let kind):
                guard let command = state.formCommand(kind, shared) else { return [] }
                state.phase = .ready
                return state.send(command)
            case .ready: return []
            }
        case .cancel:
            if case .form = state.phase {
                state.phase = .ready
                state.message = "Nothing sent."
                return []
            }
            return [.back]
        case .send(let command): return state.send(command)
        case .openForm(let kind):
            state.phase = .form(kind)
            state.message = nil
            return []
        case .informations(let info): return [.call(.vehicle(.informations(info)), RemoteRequests.informations(info))]
        case .advance(let seconds): return [.control(.vehicle(.advance), .advance(seconds: seconds))]
        case .readTruth: return state.readTruth(shared)
        case .toggleSubscription:
            guard state.phase == .ready else { return [] }
            return state.subscribed ? [.call(.vehicle(.unsubscribeSignal), RemoteRequests.unsubscribeSignal)]
                : [.call(.vehicle(.subscribeSignal), RemoteRequests.subscribeSignal)]
        case .chooseVehicle:
            state.phase = .choose
            state.vin = nil
            state.status = nil
            state.truth = nil
            // What was said of the last car is not the chooser's.
            state.message = nil
            state.lastRefusal = nil
            return []
        case .start(let vin):
            state = State()
            state.vin = vin
            state.selection = shared.vehicles.firstIndex { $0.vin == vin } ?? 0
            return [.call(.vehicle(.select), RemoteRequests.select(vin))]
        case .heard(let event): return state.heard(event, shared)
        case .answered(let call, let response): return state.answered(call, response, shared)
        case .controlAnswered(let control, let answer): return state.controlAnswered(control, answer, shared)
        case .truthRead(let truth):
            if truth.vin == state.vin { state.truth = truth }
            return []
        }
    }

    public static func keys(_ s: State, _ shared: Shared) -> [KeyBinding<Action>] {
        let ready = s.phase == .ready
        // The account's vehicles and, after them, a VIN typed by hand.
        var keys: [KeyBinding<Action>] = KeyBinding.select(when: s.phase == .choose)
        keys.append(.enter("select", "Select this vehicle for remote use (set pims.vehicle.vin, actionType remote), subscribe, read its status; "
                           + "a VIN not of the account answers 2366 (R26).", when: s.phase == .choose))
        // Before any selection in the session the backend answers 2010 (R28 (2)), which QA wants to see.
        keys.append(KeyBinding(.letter("g"), "get unselected", "Vehicle status without selecting a vehicle: 2010 if none is selected in this session (R28).",
                               .informations(.get), when: s.phase == .choose))
        if case .form(let kind) = s.phase {
            keys.append(.enter("send", kind == .deferredCharge ? "Send chargeDeferredTime with these parameters."
                                                                : "Send preconditioning with these parameters."))
            keys.append(.escape("close", "Close the form; nothing is sent."))
        }
        func command(_ key: Character, _ title: String, _ help: String, _ c: VehicleCommand, when: Bool = true) -> KeyBinding<Action> {
            KeyBinding(.letter(key), title, help, .send(c), when: ready && when)
        }
        keys += [
            command("l", "lock", "Lock the doors (pims.vehicle.command doors, doorState lock).", .doors(lock: true)),
            command("u", "unlock", "Unlock the doors (doors, doorState unlock).", .doors(lock: false)),
            command("h", "horn", "Sound the horn (horn).", .horn),
            command("w", "lights", "Flash the lights (warning).", .lights),
            // Offered whatever the type: a fuel car answers 2366 (R30), which QA wants to see.
            command("c", "charge", "Start charging now (charge, startNow true).", .charge(start: true)),
            command("s", "stop charge", "Stop charging (charge, startNow false).", .charge(start: false)),
            KeyBinding(.letter("d"), "deferred…", "Deferred charge: startNow, deferredTime (PT<h>H<m>M, UTC), checkStartCharge.",
                       .openForm(.deferredCharge), when: ready),
            KeyBinding(.letter("a"), "precond…", "Preconditioning: startNow and programs (keep, none, or HH:MM days).",
                       .openForm(.preconditioning), when: ready),
            KeyBinding(.letter("g"), "get", "Vehicle status: the server's copy (pims.vehicle.informations get).", .informations(.get), when: ready),
            KeyBinding(.letter("f"), "refresh", "Vehicle status: refresh (wakes the car if it charges or reads plugged and disconnected).",
                       .informations(.refresh), when: ready),
            KeyBinding(.letter("W"), "wake-up", "Vehicle status: refreshWithWakeUp (fresh data follow as a signal).",
                       .informations(.refreshWithWakeUp), when: ready),
            KeyBinding(.letter("t"), "+1 min", "Advance the simulated clock 1 minute: the steps due play as signals.", .advance(seconds: 60), when: ready),
            KeyBinding(.letter("T"), "+1 h", "Advance the simulated clock 1 hour (a charge moves on).", .advance(seconds: 3600), when: ready),
            KeyBinding(.letter("S"), s.subscribed ? "unsubscribe" : "subscribe",
                       s.subscribed ? "Unsubscribe from the signals and charge events: commands then answer 2365 (R27, R28)."
                                    : "Subscribe again to the signals and charge events (R27).",
                       .toggleSubscription, when: ready),
            KeyBinding(.letter("v"), "vehicle", "Choose another vehicle.", .chooseVehicle, when: ready),
            .back(when: s.phase == .choose || ready),
        ]
        return keys
    }

    public static func form(_ state: State) -> Form? {
        switch state.phase {
        case .form(.deferredCharge): state.deferredForm
        case .form(.preconditioning): state.precondForm
        case .choose: state.typingVIN ? state.vinForm : nil
        case .ready: nil
        }
    }

    public static func editForm(_ state: inout State, _ edit: (inout Form) -> Void) { state.editForm(edit) }

    public static func isUnderway(_ state: State) -> Bool { state.commands.contains { !$0.isOver } }
}

extension Action {
    /// One of this feature's actions as the app's.
    public static func vehicle(_ action: VehicleFlow.Action) -> Action { VehicleFlow.message(action) }
}
