import PIMS
import Testing

/// The remote calls of R26–R45 and the controls their tests drive, on any backend.
extension Driver {
    static let hybrid = "VR3ATTENTKY102274"
    static let fuel = "VF7RHRHP8KL246810"

    @discardableResult func selectRemote(_ vin: String = Driver.vin, session: String = "default") async -> CallResponse {
        await call(.set, "pims.vehicle.vin", ["actionType": "remote", "vin": .string(vin)], session: session)
    }

    @discardableResult func subscribeSignal(session: String = "default") async -> CallResponse {
        await call(.subscribe, "pims.vehicle.signal", session: session)
    }

    @discardableResult func subscribeChargeEvents(session: String = "default") async -> CallResponse {
        await call(.subscribe, "pims.vehicle.event", ["actionType": "remote", "type": ["remoteChargeFinished", "remoteChargeInterrupted"]],
                   session: session)
    }

    func command(_ action: String, _ params: [String: JSONValue] = [:], session: String = "default") async -> CallResponse {
        var p = params
        p["action"] = .string(action)
        return await call(.set, "pims.vehicle.command", p, session: session)
    }

    func informations(_ action: String = "get", session: String = "default") async -> CallResponse {
        await call(.get, "pims.vehicle.informations", ["actionType": "remote", "action": .string(action)], session: session)
    }

    /// Selected, subscribed, strongly authenticated: ready for commands (R28's gates passed); the
    /// session's event reading started.
    func readyForCommands(_ vin: String = Driver.vin, session: String = "default") async throws {
        expectSuccess(await selectRemote(vin, session: session))
        expectSuccess(await subscribeSignal(session: session))
        expectSuccess(await otpWithPin("1234", session: session))
        _ = try await events(session: session)
    }

    /// The session's events since its last read (the `events` control).
    func events(session: String = "default") async throws -> [JSONValue] {
        let answer = try await control(["sim": "events", "session": .string(session)])
        #expect(answer.ok, "\(answer.error ?? "")")
        return answer["events"]?.arrayValue ?? []
    }

    /// The signals among `events`: (code, at, command transactionId).
    static func signals(_ events: [JSONValue]) -> [(code: Int, at: String, command: String?)] {
        events.filter { $0["kind"]?.stringValue == "signal" }.map {
            ($0["data"]?["result"]?["code"]?.intValue ?? -1, $0["at"]?.stringValue ?? "", $0["data"]?["result"]?["command"]?["transactionId"]?.stringValue)
        }
    }

    /// The `error` of the last signal among `events` (a 902's or a 903's).
    static func lastSignalError(_ events: [JSONValue]) -> JSONValue? {
        events.last { $0["kind"]?.stringValue == "signal" }?["data"]?["error"]
    }

    func vehicle(_ fields: [String: JSONValue], vin: String = Driver.vin) async throws -> SimAnswer {
        var json = fields
        json["sim"] = "vehicle"
        json["username"] = .string(Driver.alice)
        json["vin"] = .string(vin)
        return try await control(.object(json))
    }
}

/// The status payload's electric charging information (tutorial spelling).
func chargingInfo(_ payload: JSONValue?) -> JSONValue? {
    payload?["resources"]?["status"]?["electricInformation"]?["chargingInformation"]
}
