import Foundation
import SimTestSupport
import SimKernel
import SimWorld
import Testing
import Walk
import WalkPlayer

/// Record → replay --check → exports → coverage, on a walk recorded by keyboard (headless) against
/// the in-process simulator.
@Suite struct WalkTests {
    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walk-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    /// The shortcut tour recorded afresh.
    static func shortcutWalk() async throws -> (Walk, String) {
        let path = temporary("shortcut.jsonl")
        let (ok, screen) = try await Tours.record(Tours.shortcut, to: path)
        #expect(ok, "the tour did not reach its end:\n\(screen)")
        return (try Walk.read(path: path), path)
    }

    static let inProcess: WalkCheck.Opener = { origin, yaml in
        InProcessBackend(world: try ScenarioLoader.parse(yaml: yaml, origin: origin), honoursLatency: false)
    }

    @Test func aRecordedWalkReplaysWithEveryAnswerAsRecorded() async throws {
        let (walk, path) = try await Self.shortcutWalk()
        #expect(walk.calls.count >= 5)
        #expect(walk.entries.contains { if case .step("Enrollment · step 4·1") = $0.what { return true }; return false })
        let report = try await WalkCheck.run(walk, file: path, open: Self.inProcess)
        #expect(report.divergence == nil, "\(report.divergence?.description ?? "")")
        #expect(report.calls == walk.calls.count)
    }

    /// Played through the front and answered by the walk itself, the walk ends on the screen the
    /// recording ended on, and never presses a key the front does not bind — for every tour (the
    /// Futurae one needs its session's lock type and binding from the header).
    @Test(arguments: Tours.all.map(\.name))
    func aReplayShowsTheRecordedScreens(_ name: String) async throws {
        let tour = try #require(Tours.all.first { $0.name == name })
        let path = Self.temporary(name + "-replay.jsonl")
        let (ok, recorded) = try await Tours.record(tour, to: path)
        #expect(ok)
        let walk = try Walk.read(path: path)
        let session = await WalkSession(walk)
        for entry in walk.entries {
            let bound = await session.play(entry)
            #expect(bound, "\(entry.json)")
        }
        #expect(session.frame.textSnapshot == recorded)
    }

    /// A rule changed on purpose (R8 answering 2305 as if the code were wrong): the check stops at
    /// that call and says where, what was asked, and both answers.
    @Test func aChangedRuleMakesTheCheckFailReadably() async throws {
        let (walk, path) = try await Self.shortcutWalk()
        let report = try await WalkCheck.run(walk, file: path) { origin, yaml in
            MutantBackend(InProcessBackend(world: try ScenarioLoader.parse(yaml: yaml, origin: origin), honoursLatency: false))
        }
        let divergence = try #require(report.divergence)
        let text = divergence.description
        #expect(divergence.step == "Enrollment · step 4·1")
        #expect(text.contains("set pims.authentication.enrollment"), "\(text)")
        #expect(text.contains("first difference: error: absent ≠ {"), "\(text)")
        #expect(text.contains("expected  {\"result\":null,\"status\":\"SUCCEEDED\"}"), "\(text)")
        #expect(text.contains("\"code\":2305"), "\(text)")
        #expect(text.hasPrefix("\(path):"), "\(text)")
    }

    @Test func theBatchExportAnswersAsRecorded() async throws {
        let (walk, _) = try await Self.shortcutWalk()
        var session = BatchSession(backend: try InProcessBackend(scenario: "fresh", honoursLatency: false), checkControl: World.check)
        var answers: [JSONValue] = []
        for line in walk.batchScript.split(separator: "\n") {
            if let answer = await session.answer(String(line)) { answers.append(try JSONText.parse(answer)) }
        }
        // The load, then one answer per call or control, in order.
        var expected: [JSONValue] = [["ok": true, "scenario": "fresh"]]
        for entry in walk.entries {
            if case .call(let c) = entry.what { expected.append(c.response.json) }
            if case .control(_, let a) = entry.what { expected.append(a.json) }
        }
        #expect(answers.count == expected.count)
        for (got, want) in zip(answers, expected) { #expect(got == want) }
    }

    @Test func theMarkdownTranscriptHasEachStepAndASequenceDiagram() async throws {
        let (walk, _) = try await Self.shortcutWalk()
        let md = walk.markdown
        #expect(md.hasPrefix("# The shortcut enrollment (4·1) on a fresh account\n"))
        #expect(md.contains("\n## Enrollment · step 4·1\n"))
        #expect(md.contains("`set pims.authentication.enrollment` → **SUCCEEDED** (R8 · ok)"), "\(md)")
        #expect(md.contains("```mermaid\nsequenceDiagram\n    participant App\n    participant SDK\n    participant Backend\n"))
        #expect(md.contains("    Backend-->>SDK: SUCCEEDED · R8 ok\n"))
        #expect(!md.contains("alice-pass"))  // a transcript goes into tickets: passwords are masked
        #expect(md.contains("\"password\":\"•••\""))
    }

    /// asciicast v2: the header's fields, events in time order with "o" and "m" codes, the same bytes
    /// twice, and `asciinema cat` (Debian's asciinema) plays it.
    @Test func theAsciicastIsVersion2AndPlays() async throws {
        let (walk, _) = try await Self.shortcutWalk()
        let cast = await Asciicast.export(walk)
        #expect(await Asciicast.export(walk) == cast)
        let lines = cast.split(separator: "\n").map(String.init)
        let header = try JSONText.parse(lines[0])
        #expect(header["version"] == 2)
        #expect(header["width"] == 100)
        #expect(header["height"] == 32)
        #expect(header["title"]?.stringValue == "The shortcut enrollment (4·1) on a fresh account")
        var last = -1.0
        var markers: [String] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONText.parse(line).arrayValue)
            #expect(event.count == 3)
            let time: Double
            switch event[0] {
            case .double(let d): time = d
            case .int(let i): time = Double(i)
            default: Issue.record("time is not a number: \(line)"); return
            }
            #expect(time >= last)
            last = time
            let code = try #require(event[1].stringValue)
            #expect(code == "o" || code == "m")
            if code == "m" { markers.append(event[2].stringValue ?? "") }
        }
        // A marker where each step begins, named after its first call.
        #expect(markers == ["Session · login · login", "Enrollment · step 1 · isDeviceActivated", "Enrollment · step 2 · isAccountBlocked",
                            "Enrollment · step 3 · pims.authentication.trustedphonenumber",
                            "Enrollment · step 4·1 · phoneNumberCertification"], "\(markers)")
        let path = Self.temporary("walk.cast")
        try cast.write(toFile: path, atomically: true, encoding: .utf8)
        guard ["/usr/bin/asciinema", "/usr/local/bin/asciinema"].contains(where: FileManager.default.isExecutableFile) else {
            Issue.record("asciinema is not installed (.ci/run installs it)")
            return
        }
        // `asciinema cat` opens /dev/tty: util-linux's script gives it a terminal.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "asciinema cat '\(path)'", "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try ProcessLaunch.run(process)  // one launch at a time (Foundation's Process.run is not safe in parallel here)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let played = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(played.suffix(500))")
        #expect(played.contains("alice-iphone is enrolled"))
    }

    /// Issue 30: the TUI's asciicast export keeps the session's last screens, however long the
    /// session: the same count of screens, and a size bounded by that count, for a session twice as
    /// long (each resize below is a new screen).
    @Test func aLongSessionsAsciicastKeepsItsLastScreens() async throws {
        let (walk, _) = try await Self.shortcutWalk()
        func longer(by resizes: Int) -> Walk {
            var long = walk
            let t = walk.entries.last?.t ?? 0
            for i in 0..<resizes { long.entries.append(WalkEntry(t: t + 10 * (i + 1), sim: nil, .resize(width: i % 2 == 0 ? 99 : 100, height: 32))) }
            return long
        }
        let limit = 40
        var sizes: [Int] = [], seen: [Int] = []
        for resizes in [100, 200] {
            let cast = await Asciicast.export(longer(by: resizes), theme: .dark, lastScreens: limit)
            let lines = cast.split(separator: "\n")
            let screens = lines.dropFirst().filter { $0.contains(#", "o", "#) }
            #expect(screens.count == limit)
            let title = try #require(try JSONText.parse(String(lines[0]))["title"]?.stringValue)
            let of = title.components(separatedBy: "(the last \(limit) of ").last?.split(separator: " ").first.flatMap { Int($0) }
            seen.append(try #require(of, "\(title)"))
            sizes.append(cast.utf8.count)
        }
        // Each screen is at most its cells with a colour change each, so the file is bounded by the count.
        for size in sizes { #expect(size <= limit * (100 * 32 * 24 + 512) + 4096) }
        #expect(seen[1] - seen[0] == 100, "\(seen)")  // every screen was played, the last ones kept
        #expect(Asciicast.sessionScreens == 500)
    }

    @Test func coverageOfTheShortcutListsExactlyTheRulesItHit() async throws {
        let (walk, _) = try await Self.shortcutWalk()
        var coverage = Coverage()
        coverage.add(walk)
        let report = coverage.report(World.ruleCatalogues)
        let pims = try #require(report.systems.first { $0.id == "pims" })
        #expect(pims.rules.filter(\.hit).map(\.id) == ["R0a", "R1", "R2", "R3", "R4", "R8"])
        let r8 = try #require(pims.rules.first { $0.id == "R8" })
        #expect(r8.branches.first { $0.name == "ok" }?.count == 1)
        #expect(report.table.contains("✓ R8"))
        #expect(report.table.contains("· R11"))
        #expect(pims.codesHit.isEmpty)
    }

    /// The wrong PIN tour: R11's own marks (step 7, PIN blocked) and the codes answered, 2317 included
    /// though its branch is a mark; the same from a `batch --trace` transcript of its export.
    @Test func coverageCountsMarkedBranchesAndTheirCodes() async throws {
        let path = Self.temporary("wrong-pin.jsonl")
        let (ok, screen) = try await Tours.record(Tours.wrongPIN, to: path)
        #expect(ok, "\(screen)")
        let walk = try Walk.read(path: path)
        var coverage = Coverage()
        try coverage.add(file: path)
        let pims = try #require(coverage.report(World.ruleCatalogues).systems.first { $0.id == "pims" })
        let r11 = try #require(pims.rules.first { $0.id == "R11" })
        #expect(r11.branches.filter { $0.count > 0 }.map(\.name).sorted() == ["2308", "PIN blocked", "step 7", "step 8 · already enrolled"])
        #expect(pims.codesHit == ["2308", "2317"])

        var session = BatchSession(backend: try InProcessBackend(scenario: "fresh", honoursLatency: false), trace: true, checkControl: World.check)
        var transcript = ""
        for line in walk.batchScript.split(separator: "\n") { transcript += (await session.answer(String(line)) ?? "") + "\n" }
        let transcriptPath = Self.temporary("transcript.jsonl")
        try transcript.write(toFile: transcriptPath, atomically: true, encoding: .utf8)
        var fromBatch = Coverage()
        try fromBatch.add(file: transcriptPath)
        #expect(fromBatch == coverage)
    }
}

/// A backend whose R8 answers 2305 (as if the code were wrong): a rule changed on purpose.
actor MutantBackend: SimBackend {
    let inner: any SimBackend
    init(_ inner: any SimBackend) { self.inner = inner }
    func send(_ request: CallRequest, session: String) async -> CallResponse {
        let response = await inner.send(request, session: session)
        guard request.subAPI == "enrollWithPhoneNumber", response.status == .succeeded else { return response }
        return .failure(response.transactionId, CallError(code: 2305, label: "Invalid SMS code"))
    }
    func control(_ control: SimControl) async -> SimAnswer { await inner.control(control) }
}
