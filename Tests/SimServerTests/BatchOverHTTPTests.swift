import Foundation
import SimTestSupport
import PIMS
import SimWorld
import Testing

/// `enrollsim batch --backend URL` answers a script byte for byte as the in-process run does, from
/// the same scenario: calls, sessions, controls, faults, a local scenario file, bad lines.
@Suite struct BatchOverHTTPTests {
    static func script(localScenario: String) -> String {
        """
        {"type": "get", "name": "pims.authentication.account", "params": {"actionType": "strong", "type": "isDeviceActivated"}}
        {"type": "get", "name": "pims.authentication.otp", "params": {"action": "withPin", "pinCode": "1234"}}
        {"type": "get", "name": "pims.subscription.steps", "params": {"carAssociationID": "987654"}}
        {"type": "set", "name": "pims.vehicle.vin", "params": {"vin": "VR1AB12C3D4567890"}}
        {"type": "get", "name": "pims.vehicle.carkey"}
        {"sim": "proximity", "username": "alice@example.com", "vin": "VR1AB12C3D4567890", "keyInside": false}
        {"type": "set", "name": "pims.vehicle.carkey"}
        {"sim": "proximity", "username": "alice@example.com", "vin": "VR1AB12C3D4567890", "keyInside": true}
        {"type": "set", "name": "pims.vehicle.carkey"}
        {"sim": "session", "session": "phone2", "device": "pixel-7", "platform": "android"}
        {"session": "phone2", "type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "alice-pass"}}
        {"session": "phone2", "type": "get", "name": "pims.authentication.smscode", "params": {"type": "enrollment"}}
        {"sim": "inbox", "phone": "0612345678"}
        {"session": "phone2", "type": "set", "name": "pims.authentication.smscode", "params": {"action": "enrollment", "smsCode": "0000"}}
        {"session": "phone2", "type": "set", "name": "pims.authentication.enrollment", "params": {"action": "enroll", "pinCode": "9999"}}
        {"sim": "fault", "name": "pims.authentication.trustedphonenumber", "code": 2201, "times": 1}
        {"type": "get", "name": "pims.authentication.trustedphonenumber"}
        {"type": "get", "name": "pims.authentication.trustedphonenumber"}
        {"sim": "advance", "seconds": 700}
        {"session": "ghost", "type": "get", "name": "pims.authentication.trustedphonenumber"}
        {"type": "get", "name": "pims.nothing"}
        not json
        {"sim": "teleport"}

        {"sim": "account", "username": "alice@example.com"}
        {"sim": "export"}
        {"sim": "load", "scenario": "\(localScenario)"}
        {"type": "get", "name": "pims.authentication.trustedphonenumber"}
        {"sim": "load", "scenario": "/nonexistent/scenario.yaml"}
        {"sim": "reset"}
        {"sim": "export"}

        """
    }

    @Test func theSameScriptGivesTheSameBytesInProcessAndOverHTTP() async throws {
        let folder = TemporaryFolder.make()
        let local = folder.appendingPathComponent("local.yaml")
        try ScenarioLoader.text(of: .named("fresh")).yaml.replacingOccurrences(of: "name: fresh", with: "name: local-copy")
            .write(to: local, atomically: true, encoding: .utf8)
        let script = Self.script(localScenario: local.path)

        let inProcess = try await runBatch(["batch", "--scenario", "enrolled"], input: script)
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path, scenario: "enrolled")
        let overHTTP = try await runBatch(["batch", "--backend", server.url, "--admin-token", ServeProcess.admin], input: script)
        await server.stop(SIGTERM)

        let expectedLines = script.split(separator: "\n", omittingEmptySubsequences: true).count
        let a = inProcess.split(separator: "\n", omittingEmptySubsequences: false)
        let b = overHTTP.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(a.count == expectedLines + 1)
        #expect(a.count == b.count)
        for (i, (x, y)) in zip(a, b).enumerated() {
            #expect(x == y, "line \(i + 1) differs:\nin process: \(x.prefix(300))\nover HTTP:  \(y.prefix(300))")
        }
        // The script did reach the interesting answers (not a run of identical refusals).
        #expect(a.contains { $0.contains("\"otp\"") })
        #expect(a.contains { $0.contains("\"scenario\":\"local-copy\"") })
        #expect(a.contains { $0.contains("no session named \\\"ghost\\\"") })
    }

    /// A system's script run on `scenario` in process and against a served world seeded with it: the
    /// in-process lines, each checked equal to its line over HTTP (one line an input line).
    func sameLinesInProcessAndOverHTTP(scenario: String, script: String) async throws -> [Substring] {
        let folder = TemporaryFolder.make()
        let inProcess = try await runBatch(["batch", "--scenario", scenario], input: script)
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path, scenario: scenario)
        let overHTTP = try await runBatch(["batch", "--backend", server.url, "--admin-token", ServeProcess.admin], input: script)
        await server.stop(SIGTERM)

        let a = inProcess.split(separator: "\n")
        let b = overHTTP.split(separator: "\n")
        #expect(a.count == script.split(separator: "\n").count)
        #expect(a.count == b.count)
        for (i, (x, y)) in zip(a, b).enumerated() {
            #expect(x == y, "line \(i + 1) differs:\nin process: \(x.prefix(300))\nover HTTP:  \(y.prefix(300))")
        }
        return a
    }

    /// Runs the built binary with `input` on its standard input; returns its standard output.
    /// With `launcher`, the binary runs through it (`launcher + [binary] + arguments`).
    func runBatch(_ arguments: [String], input: String, environment: [String: String] = [:], launcher: [String] = []) async throws -> String {
        let process = Process()
        if let tool = launcher.first {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = Array(launcher.dropFirst()) + [try ServeProcess.binary.path] + arguments
        } else {
            process.executableURL = try ServeProcess.binary
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let reading = Task.detached { stdout.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = await reading.value
        await Task.detached { process.waitUntilExit() }.value
        #expect(process.terminationStatus == 0, "\(arguments)")
        return String(decoding: output, as: UTF8.self)
    }
}
