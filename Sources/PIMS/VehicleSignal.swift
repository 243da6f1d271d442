import SimKernel

/// A `signal` event (R43, R44): its code (900 pending, 901 sent, 200 done, 902/903 failed), the
/// command it is about, the vehicle's status payload after the step, and the error of a failure.
/// `RemoteClock` writes it with `data`; a front reads it with `init?(_:)`.
public struct VehicleSignal: Hashable, Sendable {
    public var code: Int
    /// The command's transaction and action (`doors`, `horn`, …); nil for a status call's wake-up.
    public var transactionId: String?
    public var action: String?
    public var vehicle: VehicleStatus?
    public var error: CallError?

    static let resultKey = "result", errorKey = "error", codeKey = "code", commandKey = "command", vehicleKey = "vehicle"
    static let transactionKey = "transactionId", actionKey = "action"

    /// The event's data for the subscription `subscription`: `{transactionId, status: RESULT, result: {code, command, vehicle}, error?}`.
    public static func data(subscription: String, code: Int, command: (transactionId: String, action: String)?, vehicle: JSONValue,
                     error: CallError?) -> JSONValue {
        let commandJSON: JSONValue = command.map { [transactionKey: .string($0.transactionId), actionKey: .string($0.action)] } ?? .null
        var data: [String: JSONValue] = [
            transactionKey: .string(subscription), "status": "RESULT",
            resultKey: [codeKey: .int(code), commandKey: commandJSON, vehicleKey: vehicle],
        ]
        if let error { data[errorKey] = error.json }
        return .object(data)
    }

    /// Nil unless `event` is a signal with a code.
    public init?(_ event: SimEvent) {
        let result = event.data[Self.resultKey]
        guard event.kind == .signal, let code = result?[Self.codeKey]?.intValue else { return nil }
        self.code = code
        let command = result?[Self.commandKey]
        transactionId = command?[Self.transactionKey]?.stringValue
        action = command?[Self.actionKey]?.stringValue
        vehicle = VehicleStatus(result?[Self.vehicleKey])
        error = event.data[Self.errorKey].flatMap(CallError.init(json:))
    }
}

/// A `vehicleEvent` (R37): a charge notification (`remoteChargeFinished`, `remoteChargeInterrupted`)
/// for a vehicle.
public struct ChargeNotification: Hashable, Sendable {
    public var notification: String?
    public var vin: String?

    static let notificationKey = "notification", vinKey = "vin"
    /// The notification of a charge that reached 100 % (the other is `remoteChargeInterrupted`).
    public static let finished = "remoteChargeFinished"

    public var isFinished: Bool { notification == Self.finished }

    public static func data(subscription: String, notification: String, vin: String) -> JSONValue {
        [VehicleSignal.transactionKey: .string(subscription), "status": "RESULT",
         VehicleSignal.resultKey: [notificationKey: .string(notification), vinKey: .string(vin)]]
    }

    /// Nil unless `event` is a vehicle event.
    public init?(_ event: SimEvent) {
        guard event.kind == .vehicleEvent else { return nil }
        let result = event.data[VehicleSignal.resultKey]
        notification = result?[Self.notificationKey]?.stringValue
        vin = result?[Self.vinKey]?.stringValue
    }
}
