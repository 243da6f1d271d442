import PIMS

extension VehicleFlow {
    /// What to do next after a remote refusal or a failed signal (R28, R30, R32–R36, 4-2's table);
    /// the codes every flow meets keep their common advice.
    public static func advice(_ code: ErrorCode) -> String {
        switch code.rawValue {
        case 2010: "Select the vehicle first: Enter on the chooser (v opens it) sets pims.vehicle.vin, actionType remote."
        case 2307: "The account has no trusted phone: the steps checklist resolves trusterPhoneNumber first."
        case 2312: "This device is not enrolled: run the guided enrollment (or the steps checklist's deviceActivation), then come back."
        case 2340: "The car key is not activated: activate it (Car key, or the steps checklist's mediumCarKey), then come back."
        case 2365: "No signal subscription in this session: S subscribes again (or v, then Enter)."
        case 2366: "This vehicle has no such command (a fuel car has no charge, preconditioning or wake-up), or the VIN is not (or no longer) the account's."
        case 2325, 2326: "An immediate and a deferred charge exclude each other: wait for the other command's signal (t advances the clock)."
        case 2353, 2364: "A command is under way: wait for its signal 200, 902 or 903 (t advances the clock), then send again."
        case 2358, 2359: "The horn and lights rest 60 s after a successful one: advance the clock (t), then send again."
        case 2329: "The engine is on: switch it off (simulator F8: engine), then send again."
        case 2330: "The vehicle is not plugged in: plug it (simulator F8: plug), then charge again."
        case 2331: "A charge is already in progress: stop it first (s), or wait for it to finish (T advances an hour)."
        case 2333: "Preconditioning is already running: wait for it to finish (30 min) or stop it (startNow false)."
        case 2336: "Nothing to stop and no programs: send startNow true, or give programs."
        case 2351: "A refresh's wake-up is under way: wait for its signal (t advances the clock)."
        case 2360, 2361: "The doors are already in that state: read the status (g) and send the other command."
        case 2362: "A door, a window or the trunk is open (the doors row says which): close it (F8, then 8 closes all), then lock again."
        case 2377: "The broker connection failed (an injected fault): clear the simulator's faults and send again."
        case 2000: "The vehicle refused: read the detail (a battery too low to precondition unplugged: plug it or charge it)."
        case 2201: "The vehicle did not answer in time (asleep or offline): wake it or bring it online (simulator F8), then send again."
        default: ErrorAdvice.advice(code)
        }
    }
}
