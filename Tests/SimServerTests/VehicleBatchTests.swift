import Foundation
import PIMS
import SimTestSupport
import SimWorld
import Testing

/// R26–R46 in scripts: a command's signals read with the `events` control, the same in process and
/// with `--backend` (event ids are each backend's own numbering, so they are compared apart).
@Suite struct VehicleBatchTests {
    static let script = """
        {"sim": "events", "session": "default"}
        {"type": "set", "name": "pims.vehicle.vin", "params": {"actionType": "remote", "vin": "VR1AB12C3D4567890"}}
        {"type": "subscribe", "name": "pims.vehicle.signal"}
        {"type": "get", "name": "pims.authentication.otp", "params": {"action": "withPin", "pinCode": "1234"}}
        {"type": "set", "name": "pims.vehicle.command", "params": {"action": "horn"}}
        {"sim": "advance", "seconds": 5}
        {"sim": "events", "session": "default"}
        {"sim": "events", "session": "default"}
        {"sim": "vehicle", "username": "alice@example.com", "vin": "VR1AB12C3D4567890", "engineOn": true}
        {"type": "get", "name": "pims.vehicle.informations", "params": {"actionType": "remote", "action": "refresh"}}
        {"sim": "events"}
        {"sim": "export"}
        """

    /// A line with every event's `id` taken out, and those ids.
    static func withoutIDs(_ line: Substring) throws -> (JSONValue, [Int]) {
        var json = try JSONText.parse(String(line))
        guard case .object(var o) = json, let events = o["events"]?.arrayValue else { return (json, []) }
        let ids = events.compactMap { $0["id"]?.intValue }
        o["events"] = .array(events.map { e in
            guard case .object(var fields) = e else { return e }
            fields["id"] = nil
            return .object(fields)
        })
        json = .object(o)
        return (json, ids)
    }

    @Test func signalsReadByTheEventsControlInProcessAndOverHTTP() async throws {
        let runner = BatchOverHTTPTests()
        let folder = TemporaryFolder.make()
        let inProcess = try await runner.runBatch(["batch", "--scenario", "remote-ready"], input: Self.script)
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path, scenario: "remote-ready")
        let overHTTP = try await runner.runBatch(["batch", "--backend", server.url, "--admin-token", ServeProcess.admin], input: Self.script)
        await server.stop(SIGTERM)

        let a = inProcess.split(separator: "\n"), b = overHTTP.split(separator: "\n")
        #expect(a.count == Self.script.split(separator: "\n").count)
        #expect(a.count == b.count)
        for (i, (x, y)) in zip(a, b).enumerated() {
            let (left, leftIDs) = try Self.withoutIDs(x), (right, rightIDs) = try Self.withoutIDs(y)
            #expect(left == right, "line \(i + 1) differs:\nin process: \(x.prefix(400))\nover HTTP:  \(y.prefix(400))")
            #expect(leftIDs == leftIDs.sorted() && rightIDs == rightIDs.sorted() && Set(leftIDs).count == leftIDs.count)
        }
        #expect(a.first == #"{"events":[],"ok":true}"#)  // the first read starts the reading
        let events = try #require(try JSONText.parse(String(a[6]))["events"]?.arrayValue)
        let signals = events.filter { $0["kind"]?.stringValue == "signal" }
        #expect(signals.compactMap { $0["data"]?["result"]?["code"]?.intValue } == [900, 901, 200])
        #expect(signals.compactMap { $0["at"]?.stringValue } == ["2026-01-05T09:00:00Z", "2026-01-05T09:00:02Z", "2026-01-05T09:00:05Z"])
        #expect(a[7] == #"{"events":[],"ok":true}"#)  // read once
        #expect(a[10].contains("line 11") && a[10].contains("session"))
        #expect(!a[11].contains("signal:"))
    }
}
