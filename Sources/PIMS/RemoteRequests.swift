import SimKernel

/// The Vehicle screen's requests (remote commands 3-1, vehicle status 3-2), each from its rule's
/// entry in PIMS's catalogue: `actionType: remote`, the sub-API and the parameters as the documents
/// spell them (R26, R27, R29, R39–R41).
public enum RemoteRequests {
    /// R26: the vehicle selected for remote use.
    public static func select(_ vin: String) -> PIMSRequest {
        APICatalogue.entry("R26").request(["vin": .string(vin)])
    }

    /// R27: the signals of every command (no parameters), and the charge notifications by type.
    public static let subscribeSignal = subscription(.subscribe, carriesTypes: false).request()
    public static let subscribeChargeEvents = subscription(.subscribe, carriesTypes: true)
        .request(["type": ["remoteChargeFinished", "remoteChargeInterrupted"]])

    /// R27: both subscriptions ended (no parameters; `null` even when there was none).
    public static let unsubscribeSignal = subscription(.unsubscribe, api: "pims.vehicle.signal").request()
    public static let unsubscribeChargeEvents = subscription(.unsubscribe, api: "pims.vehicle.event").request()

    private static func subscription(_ type: CallType, api: String) -> APIEntry {
        APICatalogue.all.first { $0.rule == "R27" && $0.type == type && $0.name == api }!
    }

    private static func subscription(_ type: CallType, carriesTypes: Bool) -> APIEntry {
        APICatalogue.all.first { $0.rule == "R27" && $0.type == type && $0.required.isEmpty != carriesTypes }!
    }

    /// R32–R36: one command; parameters typed in a form come as `JSONValue` (a Boolean typed as
    /// `"true"` is sent as the Boolean; anything else as typed, for the backend's 2102).
    public static func command(_ command: VehicleCommand) -> PIMSRequest {
        switch command {
        case .doors(let lock): APICatalogue.entry("R32").request(["doorState": lock ? "lock" : "unlock"])
        case .horn: APICatalogue.entry("R33", sub: "horn").request()
        case .lights: APICatalogue.entry("R33", sub: "warning").request()
        case .charge(let start): APICatalogue.entry("R34").request(["startNow": .bool(start)])
        case .deferredCharge(let startNow, let time, let check):
            APICatalogue.entry("R35").request(params(["startNow": startNow, "deferredTime": time, "checkStartCharge": check]))
        case .preconditioning(let startNow, let programs):
            APICatalogue.entry("R36").request(params(["startNow": startNow, "programs": programs]))
        }
    }

    /// R39–R41: the reported copy, a refresh, a refresh that wakes the vehicle.
    public static func informations(_ action: RemoteInfoAction) -> PIMSRequest {
        switch action {
        case .get: APICatalogue.entry("R39").request()
        case .refresh: APICatalogue.entry("R40").request()
        case .refreshWithWakeUp: APICatalogue.entry("R41").request()
        }
    }

    /// One preconditioning program of R36, enabled, as the tutorial writes it (`occurence`); days as typed
    /// (mon … sun), for R36's own check.
    public static func program(slot: Int, hour: Int, minute: Int, days: [String]) -> JSONValue {
        ["slot": .int(slot), "hour": .int(hour), "minute": .int(minute), "isEnabled": true, "occurence": .array(days.map(JSONValue.string))]
    }

    private static func params(_ p: [String: JSONValue?]) -> [String: JSONValue] { p.compactMapValues { $0 } }
}

/// A remote command as the Vehicle screen sends it (3-1's actions; `warning` is the lights).
public enum VehicleCommand: Hashable, Sendable {
    case doors(lock: Bool)
    case horn, lights
    case charge(start: Bool)
    case deferredCharge(startNow: JSONValue?, deferredTime: JSONValue?, checkStartCharge: JSONValue?)
    case preconditioning(startNow: JSONValue?, programs: JSONValue?)

    /// The command's action (its sub-API), as signals name it.
    public var action: String {
        switch self {
        case .doors: "doors"
        case .horn: "horn"
        case .lights: "warning"
        case .charge: "charge"
        case .deferredCharge: "chargeDeferredTime"
        case .preconditioning: "preconditioning"
        }
    }

    /// In words, for the progress list and the API log.
    public var title: String {
        switch self {
        case .doors(let lock): lock ? "lock the doors" : "unlock the doors"
        case .horn: "horn"
        case .lights: "lights"
        case .charge(let start): start ? "start charging" : "stop charging"
        case .deferredCharge: "deferred charge"
        case .preconditioning: "preconditioning"
        }
    }
}
