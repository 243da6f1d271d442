import Foundation
import PIMS
import SimWorld

/// Batch lines per second: in process (parse, run, encode) and end to end through the real binary.
enum BatchScript {
    /// A representative script: calls, a control, an error line; `repeats` times over.
    static func lines(repeats: Int) -> [String] {
        let block = [
            #"{"type": "get", "name": "pims.authentication.account", "params": {"actionType": "strong", "type": "isDeviceActivated"}}"#,
            #"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"#,
            #"{"type": "get", "name": "pims.subscription.steps", "params": {"carAssociationID": "987654"}}"#,
            #"{"type": "get", "name": "pims.authentication.otp", "params": {"action": "withPin", "pinCode": "1234"}}"#,
            #"{"sim": "advance", "seconds": 1}"#,
            #"{"type": "set", "name": "pims.vehicle.vin", "params": {"vin": "VR1AB12C3D4567890"}}"#,
            #"{"type": "get", "name": "pims.vehicle.carkey"}"#,
            #"{"type": "get", "name": "pims.authentication.nosuch"}"#,
        ]
        return Array((0..<repeats).map { _ in block }.joined())
    }
}

func benchmarkBatch(_ bench: inout Bench) async throws -> [String] {
    var lines: [String] = []
    let script = BatchScript.lines(repeats: 2_000)
    let baseline = await bench.measure("baseline: batch lines on the echo backend", iterations: 1) { _ in
        var session = BatchSession(backend: EchoBackend())
        for line in script { _ = await session.answer(line) }
        return script.count
    }
    lines.append(Bench.report(baseline, baseline: nil))
    let inProcess = try await bench.measure("batch lines in process (enrolled)", iterations: 1) { _ in
        var session = BatchSession(backend: try InProcessBackend(scenario: "enrolled", honoursLatency: false), checkControl: World.check)
        for line in script { _ = await session.answer(line) }
        return script.count
    }
    lines.append(Bench.report(inProcess, baseline: baseline))

    // End to end: the built enrollsim binary beside this one, fed through a pipe.
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("enrollsim")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        lines.append("end-to-end batch: skipped, build the enrollsim product in the same configuration first")
        return lines
    }
    let input = Data((BatchScript.lines(repeats: 5_000).joined(separator: "\n") + "\n").utf8)
    let endToEnd = try await bench.measure("enrollsim batch end to end (process, pipe)", iterations: 1) { _ in
        let process = Process()
        process.executableURL = binary
        process.arguments = ["batch", "--scenario", "enrolled"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return out.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }
    lines.append(Bench.report(endToEnd, baseline: baseline))
    return lines
}
