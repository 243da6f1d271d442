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

    /// Issue 38 (events in batch): a session keeps its events from its creation, so a script that
    /// subscribes, commands and then reads for the first time gets the command's signals; a session
    /// created later reads from its creation (not the world's earlier events); the same in process
    /// and with `--backend`.
    @Test func theFirstReadAnswersTheEventsSinceTheSessionsCreation() async throws {
        let script = """
            {"type": "set", "name": "pims.vehicle.vin", "params": {"actionType": "remote", "vin": "VR1AB12C3D4567890"}}
            {"type": "subscribe", "name": "pims.vehicle.signal"}
            {"type": "get", "name": "pims.authentication.otp", "params": {"action": "withPin", "pinCode": "1234"}}
            {"type": "set", "name": "pims.vehicle.command", "params": {"action": "horn"}}
            {"sim": "advance", "seconds": 5}
            {"sim": "fault", "name": "pims.authentication.account", "code": 2201}
            {"sim": "session", "session": "late", "device": "late-phone"}
            {"sim": "clearFaults"}
            {"sim": "events", "session": "default"}
            {"sim": "events", "session": "late"}
            """
        let runner = BatchOverHTTPTests()
        let folder = TemporaryFolder.make()
        let inProcess = try await runner.runBatch(["batch", "--scenario", "remote-ready"], input: script)
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path, scenario: "remote-ready")
        let overHTTP = try await runner.runBatch(["batch", "--backend", server.url, "--admin-token", ServeProcess.admin], input: script)
        await server.stop(SIGTERM)
        for output in [inProcess, overHTTP] {
            let lines = output.split(separator: "\n")
            try #require(lines.count == 10, "\(output)")
            let first = try #require(try JSONText.parse(String(lines[8]))["events"]?.arrayValue)
            let signals = first.filter { $0["kind"]?.stringValue == "signal" }
            #expect(signals.compactMap { $0["data"]?["result"]?["code"]?.intValue } == [900, 901, 200], "\(lines[8])")
            #expect(first.compactMap { $0["kind"]?.stringValue }.filter { $0 == "faults" }.count == 2, "\(lines[8])")
            #expect(!lines[8].contains("gap"))
            // The session made after the fault hears the faults cleared, not the fault set before it was made.
            let late = try #require(try JSONText.parse(String(lines[9]))["events"]?.arrayValue)
            #expect(late.map { $0["kind"]?.stringValue } == ["faults"], "\(lines[9])")
            #expect(late.first?["data"]?["count"]?.intValue == 0, "\(lines[9])")
        }
    }

    /// The events kept for reading are bounded: a session that reads too late is told what it missed.
    @Test func eventsDroppedBeforeTheyAreReadAreAGap() async throws {
        let limit = InProcessBackend.journalLimit
        var lines = Array(repeating: #"{"sim": "clearFaults"}"#, count: limit + 5)  // an event each
        lines += [#"{"sim": "events", "session": "default"}"#, #"{"sim": "events", "session": "default"}"#]
        let output = try await BatchOverHTTPTests().runBatch(["batch", "--scenario", "remote-ready"], input: lines.joined(separator: "\n"))
        let answers = output.split(separator: "\n")
        try #require(answers.count == lines.count)
        let read = try JSONText.parse(String(answers[answers.count - 2]))
        #expect(read["events"]?.arrayValue?.count == limit)
        #expect(read["gap"]?["from"]?.intValue == 1 && read["gap"]?["to"]?.intValue == 5, "\(String(answers[answers.count - 2]).suffix(300))")
        #expect(read["gap"]?["reason"]?.stringValue?.contains("no longer kept") == true)
        #expect(answers.last == #"{"events":[],"ok":true}"#)
    }
}
