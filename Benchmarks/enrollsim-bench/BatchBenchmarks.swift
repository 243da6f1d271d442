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
    try await batchRows(&bench, system: "", script: BatchScript.lines(repeats: 2_000), scenario: "enrolled",
                        endToEndInput: BatchScript.lines(repeats: 5_000))
}

/// The three batch rows of a system's script: on the echo backend (the baseline), in process, and
/// end to end through the built binary and a pipe. `system` names the rows ("" for PIMS's).
func batchRows(_ bench: inout Bench, system: String, script: [String], scenario: String,
               endToEndInput: [String]) async throws -> [String] {
    let label = system.isEmpty ? "" : "\(system) "
    var lines: [String] = []
    let baseline = await bench.measure("baseline: \(label)batch lines on the echo backend", iterations: 1) { _ in
        var session = BatchSession(backend: EchoBackend())
        for line in script { _ = await session.answer(line) }
        return script.count
    }
    lines.append(Bench.report(baseline, baseline: nil))
    let inProcess = try await bench.measure("\(label)batch lines in process (\(scenario))", iterations: 1) { _ in
        var session = BatchSession(backend: try InProcessBackend(scenario: scenario, honoursLatency: false), checkControl: World.check)
        for line in script { _ = await session.answer(line) }
        return script.count
    }
    lines.append(Bench.report(inProcess, baseline: baseline))

    // End to end: the built enrollsim binary beside this one, fed through a pipe.
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("enrollsim")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        lines.append("end-to-end \(label)batch: skipped, build the enrollsim product in the same configuration first")
        return lines
    }
    let input = Data((endToEndInput.joined(separator: "\n") + "\n").utf8)
    let name = system.isEmpty ? "enrollsim batch end to end (process, pipe)" : "enrollsim batch end to end, \(system) (pipe)"
    let run = { try pipeThrough(binary, ["batch", "--scenario", scenario], input) }

    // The peer of issue 14.4: `jq -c .` echoing the same lines through the same pipe, by turns with
    // enrollsim in the same run (a shared machine's load drifts within seconds).
    guard system.isEmpty, let jq = ["/usr/bin/jq", "/usr/local/bin/jq"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
        lines.append(Bench.report(try await bench.measure(name, iterations: 1) { _ in try run() }, baseline: baseline))
        return lines
    }
    let (endToEnd, echo, ratios) = try bench.alternate(name, "jq -c . echoing the same lines (pipe)", run) {
        try pipeThrough(URL(fileURLWithPath: jq), ["-c", "."], input)
    }
    lines.append(Bench.report(endToEnd, baseline: baseline))
    lines.append(Bench.report(echo, baseline: baseline))
    let turns = ratios.map { String(format: "%.2f", $0) }.joined(separator: " ")
    lines.append(String(format: "enrollsim batch end to end: %.2f× jq's rate", ratios[ratios.count / 2])
                 + " (median of \(ratios.count) alternating turns: \(turns))")
    return lines
}
