import Foundation
import SimKernel
import SimTestSupport
import Testing

/// Issue 43: every numeric field of a scenario, at each limit of its type (0, -1, Int64.min,
/// Int64.max, 2^53), is either refused with its file, line and key, or served without trapping:
/// by `batch` in process, by a team server's admin `load` (which stays up), and by
/// `serve --scenario` (which refuses it at start, creating nothing, or serves it across a restart).
@Suite(.serialized) struct NumberFuzzTests {
    static let origin = "fuzz.yaml"

    /// The batch script: each mutation loaded, and the workload run on each one that loads.
    static func script(_ mutations: [NumberFuzz.Mutation]) throws -> (text: String, answers: [Int]) {
        var lines: [String] = []
        var loads: [Int] = []
        for m in mutations {
            loads.append(lines.count)
            let load: JSONValue = .object(["sim": .string("load"), "yaml": .string(m.yaml), "origin": .string(origin)])
            lines.append(JSONText.encode(load))
            if NumberFuzz.refusal(m, origin: origin) == nil { lines += NumberFuzz.workload }
        }
        return (lines.joined(separator: "\n") + "\n", loads)
    }

    /// Runs `enrollsim batch` with `arguments` on `script`: its status, whether a signal ended it,
    /// and its answer lines.
    static func batch(_ arguments: [String], script: String) async throws -> (status: Int32, signalled: Bool, answers: [String], stderr: String) {
        let folder = TemporaryFolder.make()
        let input = folder.appendingPathComponent("script.jsonl")
        try script.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try ServeProcess.binary
        process.arguments = ["batch"] + arguments
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        var env = ProcessInfo.processInfo.environment
        env["ENROLLSIM_ADMIN_TOKEN"] = nil
        env["ENROLLSIM_BACKEND"] = nil
        process.environment = env
        try ProcessLaunch.run(process)
        async let out = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        async let err = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }.value
        let (stdout, stderr) = await (out, err)
        await Task.detached { process.waitUntilExit() }.value
        let answers = String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, answers, String(decoding: stderr, as: UTF8.self))
    }

    /// Each mutation's load answer: refused naming the field exactly when the loader refuses it.
    static func checkLoads(_ mutations: [NumberFuzz.Mutation], _ loads: [Int], _ answers: [String]) throws {
        for (m, index) in zip(mutations, loads) {
            guard index < answers.count else {
                Issue.record("no answer from the load of \(m.label): the run ended there")
                return
            }
            let answer = try JSONText.parse(answers[index])
            if let refusal = NumberFuzz.refusal(m, origin: origin) {
                #expect(NumberFuzz.namesTheField(refusal.description, m, origin: origin), "\(m.label): \(refusal)")
                #expect(answer["ok"] == .bool(false), "\(m.label): \(answers[index])")
                let error = answer["error"]?.stringValue ?? ""
                #expect(NumberFuzz.namesTheField(error, m, origin: origin), "\(m.label): \(error)")
            } else {
                #expect(answer["ok"] == .bool(true), "\(m.label): \(answers[index].prefix(300))")
            }
        }
    }

    /// Which mutation a run that stopped after `count` answers was in.
    static func stoppedAt(_ mutations: [NumberFuzz.Mutation], _ loads: [Int], _ count: Int) -> String {
        let i = (loads.lastIndex { $0 < count } ?? 0)
        return mutations.isEmpty ? "-" : mutations[i].label
    }

    @Test func theFuzzCoversEveryKindOfNumber() async throws {
        let paths = Set(try await NumberFuzz.fields().map(\.path))
        for path in ["counters.transactions", "counters.stepsIDs", "counters.codes", "seed", "policy.pinFailuresBeforeBlock",
                     "accounts.*.pinFailures", "faults.*.latencyMs", "faults.*.times", "faults.*.probability"] {
            #expect(paths.contains(path), "\(path) is not among \(paths.sorted())")
        }
        #expect(paths.contains { $0.hasPrefix("casa.") }, "\(paths.sorted())")
        #expect(paths.contains { $0.hasPrefix("futurae.") }, "\(paths.sorted())")
        #expect(paths.contains { $0.contains("remote") }, "\(paths.sorted())")
        #expect(paths.contains { $0.hasPrefix("bookmarks.") }, "\(paths.sorted())")
    }

    @Test func inBatchEveryNumberIsRefusedWithItsLineOrServed() async throws {
        let mutations = try await NumberFuzz.mutations()
        let (script, loads) = try Self.script(mutations)
        let run = try await Self.batch([], script: script)
        #expect(!run.signalled && run.status == 0, "batch ended by a signal at \(Self.stoppedAt(mutations, loads, run.answers.count)): \(run.stderr.suffix(400))")
        #expect(run.answers.count == script.split(separator: "\n").count)
        try Self.checkLoads(mutations, loads, run.answers)
    }

    @Test func onTheServerEveryLoadIsRefusedWithItsLineOrServedAndTheServerStaysUp() async throws {
        let mutations = try await NumberFuzz.mutations()
        let (script, loads) = try Self.script(mutations)
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        let server = try await ServeProcess.start(database: db)
        let run = try await Self.batch(["--backend", server.url, "--admin-token", ServeProcess.admin], script: script)
        #expect(server.process.isRunning, "the server died at \(Self.stoppedAt(mutations, loads, run.answers.count)): \(server.errors.text.suffix(400))")
        #expect(run.status == 0, "\(run.stderr.suffix(400))")
        try Self.checkLoads(mutations, loads, run.answers)
        if server.process.isRunning { #expect(await server.stop(SIGTERM) == 0) }
    }

    /// `serve --scenario` of each mutation on a new database: refused at start naming the field
    /// (status 64, no database file left), or served, restarted, and served again.
    @Test func serveScenarioRefusesEveryNumberWithItsLineOrServesItAcrossARestart() async throws {
        let mutations = try await NumberFuzz.mutations()
        let folder = TemporaryFolder.make()
        for (i, m) in mutations.enumerated() {
            let file = folder.appendingPathComponent("fuzz-\(i).yaml").path
            try m.yaml.write(toFile: file, atomically: true, encoding: .utf8)
            let db = folder.appendingPathComponent("world-\(i).db").path
            if NumberFuzz.refusal(m, origin: file) != nil {
                let (status, stderr) = try await ServeCommandTests().run(["serve", "--port", "0", "--db", db, "--scenario", file],
                                                                         environment: ["ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin])
                #expect(status == 64, "\(m.label): \(stderr)")
                #expect(NumberFuzz.namesTheField(stderr, m, origin: file), "\(m.label): \(stderr)")
                #expect(!FileManager.default.fileExists(atPath: db), "\(m.label): a refused start left \(db)")
                continue
            }
            for round in 1...2 {
                let server = try await ServeProcess.start(database: db, scenario: file)
                let calls = round == 1 ? NumberFuzz.workload : [NumberFuzz.workload[0]]
                let run = try await Self.batch(["--backend", server.url, "--admin-token", ServeProcess.admin],
                                               script: calls.joined(separator: "\n") + "\n")
                #expect(server.process.isRunning, "\(m.label), start \(round): the server died: \(server.errors.text.suffix(400))")
                #expect(run.answers.count == calls.count, "\(m.label), start \(round): \(run.stderr.suffix(300))")
                if server.process.isRunning { #expect(await server.stop(SIGTERM) == 0, "\(m.label)") }
            }
        }
    }
}
