import Enrollment
import Explore
import Foundation
import Screens
import SimKernel
import SimWorld
import Testing
import TerminalUI
import Walk

/// The explorer on the keypad (Keypad.swift), registered for each test's task only: it finds the
/// branch random keys miss, shrinks its sequence while the branch is still reached, writes a walk
/// that `replay --check` passes, and presses the same keys for the same seed.
@Suite struct ExplorerTests {
    static let scenario = """
        name: keypad
        description: A door keypad.
        startTime: "2026-01-05T09:00:00Z"
        seed: 7
        session:
          device: hall-door
        keypad:
          issued: 0
        """

    func withKeypad<R>(_ body: () async throws -> R) async throws -> R {
        try await World.registering([RegisteredSystem(KeypadSystem.self)]) {
            try await SystemFronts.registering([KeypadFront.self]) {
                try await Screens.registering([SystemScreen(.keypad, screens: [RegisteredScreen(KeypadFlow.self, route: .keypad, render: KeypadScreen.render)])]) {
                    try await body()
                }
            }
        }
    }

    func start() throws -> ExploreStart { try ExploreStart(scenario: "keypad", yaml: Self.scenario, origin: "keypad.yaml") }

    static let opened = ExploreTarget.branch(system: "keypad", rule: "K1", branch: "opened")

    @Test func theGuidedSearchOpensTheDoorWhereRandomKeysDoNot() async throws {
        try await withKeypad {
            let start = try start()
            #expect(start.systemID == "keypad")
            let guided = Explorer(starts: [start], strategy: .guided, seed: 1, oracles: .none)
            await guided.run(Explorer.Budget(steps: 1500))
            let random = Explorer(starts: [start], strategy: .random, seed: 1, oracles: .none)
            await random.run(Explorer.Budget(steps: 1500))
            #expect(guided.reached[Self.opened] != nil, "\(guided.branches)")
            #expect(random.reached[Self.opened] == nil)
            #expect(guided.branches.count > random.branches.count, "guided \(guided.branches), random \(random.branches)")
            // The code came from the answer of keypad.issue, typed back through the field's dictionary.
            let witness = try #require(guided.reached[Self.opened])
            #expect(witness.inputs.contains { if case .paste = $0 { return true }; return false })
        }
    }

    @Test func theSameSeedPressesTheSameKeys() async throws {
        try await withKeypad {
            let start = try start()
            func explore(_ seed: UInt64) async -> [ExploreTarget: Explorer.Witness] {
                let explorer = Explorer(starts: [start], seed: seed)
                await explorer.run(Explorer.Budget(steps: 300))
                return explorer.reached
            }
            let a = await explore(5), b = await explore(5), c = await explore(6)
            #expect(a == b)
            #expect(a != c)
        }
    }

    @Test func deltaDebuggingKeepsTheBranchAndTheWalkReplays() async throws {
        try await withKeypad {
            let start = try start()
            let explorer = Explorer(starts: [start], seed: 1, oracles: .none)
            await explorer.run(Explorer.Budget(steps: 1500))
            let witness = try #require(explorer.reached[Self.opened])
            let suite = ExploreSuite(explorer)
            let (_, inputs) = try #require(await suite.minimal(Self.opened))
            #expect(inputs.count <= witness.inputs.count)
            // Still reaches it, and dropping any one input loses it (1-minimal).
            #expect(await WalkWriter.reachingStep(start, inputs, Self.opened) == inputs.count - 1)
            for i in inputs.indices {
                var fewer = inputs
                fewer.remove(at: i)
                #expect(await WalkWriter.reachingStep(start, fewer, Self.opened) == nil, "without input \(i + 1) of \(inputs)")
            }
            // Enter on Home, n, then the code pasted (Ctrl-U first), and Enter: nothing else.
            #expect(inputs.count <= 6, "\(inputs)")

            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let written = try await suite.writeBranchWalks(to: dir)
            let walk = try #require(written.first { $0.file.hasSuffix("keypad-k1-opened.jsonl") })
            #expect(walk.failure == nil, "\(walk.inputs): \(walk.failure ?? "")")
            var coverage = Coverage()
            try coverage.add(file: walk.file)
            #expect(coverage.hits["keypad"]?["K1"]?["opened"] == 1)
            let lines = try String(contentsOfFile: walk.file, encoding: .utf8).split(separator: "\n")
            #expect(lines.last?.contains("\"kind\":\"expect\"") == true)
        }
    }

    @Test func ddminShrinksToTheInputsThatMatter() async {
        // The "branch" is reached once a, b and c were all pressed, in that order.
        let noise = (0..<40).map { ExploreInput.key(String(UnicodeScalar(UInt8(100 + $0 % 20)))) }
        var inputs = noise
        inputs.insert(.key("a"), at: 5)
        inputs.insert(.key("b"), at: 20)
        inputs.insert(.key("c"), at: 33)
        let shrunk = await Minimizer.minimize(inputs) { candidate in
            var want = ["a", "b", "c"][...]
            for (i, input) in candidate.enumerated() {
                if case .key(let k) = input, k == want.first { want.removeFirst() }
                if want.isEmpty { return i }
            }
            return nil
        }
        #expect(shrunk == [.key("a"), .key("b"), .key("c")])
    }

    @Test func theControlTextOracleSeesAnEscapeSequence() {
        #expect(Oracles.controlCharacter(in: "Device dev\u{1b}[31mred") != nil)
        #expect(Oracles.controlCharacter(in: "Device alice-iphone ▸ ok") == nil)
    }
}

/// Oracle findings of the first full run, fixed.
@Suite struct ExploreFindingTests {
    /// The simulator panel's armed fault at 80×24 (card-replacement: F8, t, F5 arms a latency on
    /// getEnabledAuthenticationTypes): the line ends in an ellipsis where it is cut, no word is cut.
    @Test func theArmedFaultLineFitsThePanelAt80Columns() async throws {
        let (yaml, origin) = try ScenarioLoader.text(of: .named("card-replacement"))
        let start = try ExploreStart(scenario: "card-replacement", yaml: yaml, origin: origin)
        let run = try await ExploreRun(start, oracles: Oracles(sizes: [Size(width: 80, height: 24)], enabled: [.wordCut]))
        var findings: [Finding] = []
        for key in ["Enter", "F8", "t", "F5"] { findings += await run.apply(.key(key)).findings }
        #expect(run.state.route.title == "Simulator")
        #expect(Screens.render(run.state, size: Size(width: 80, height: 24)).textSnapshot.contains("! …getEnabledAuth"), "the fault is armed and shown")
        #expect(findings.isEmpty, "\(findings)")
    }
}
