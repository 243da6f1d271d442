import ArgumentParser
import EnrollsimAssets
import Explore
import Foundation
import SimWorld
import Walk

/// `enrollsim explore [SCENARIO…]`: coverage-guided keys through the headless front on the
/// in-process world; a minimal walk per branch reached and per oracle finding (`--out`), the
/// shortest way to one branch (`--reach`), or the guided search beside random keys (`--baseline`).
struct ExploreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Presses keys by itself to reach every branch of the contracts; writes a minimal walk for each.",
        usage: "enrollsim explore [<scenario>...] [--budget <n|time>] [--out <dir>]\n"
            + "enrollsim explore [<scenario>...] --reach <rule:branch> [--out <dir>]\n"
            + "enrollsim explore [<scenario>...] --baseline <seeds> [--budget <n>]",
        discussion: """
            From each built-in scenario (or those named), on each of its systems, the explorer presses the \
            screen's own keys (its keymap), puts values from each field's dictionary into the field being \
            edited (valid ones, the codes the simulated phone received, wrong and edge ones) and uses the \
            simulator panel, keeping every sequence that reaches a new rule branch, error code or screen. \
            Progress goes to standard error. With --out, each branch reached gets a walk shortened by delta \
            debugging (DIR/<system>-<rule>-<branch>.jsonl, checked with replay --check), and each oracle \
            finding (a slow key, a word cut at 80×24 or 120×40, a help-bar key that does nothing, a control \
            character on screen) a walk in DIR/findings. The same seed and --budget in steps give the same \
            keys; a budget in seconds depends on the machine. docs/explore.md.
            """
    )

    @Argument(help: ArgumentHelp("Built-in scenarios to start from (default: all).", valueName: "scenario"))
    var scenarios: [String] = []

    @Option(name: .long, help: ArgumentHelp("Steps (20000) or seconds (90s, 5m).", valueName: "budget"))
    var budget: String = "20000"

    @Option(name: .long, help: "The seed: the same seed and step budget press the same keys.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Write a minimal walk per branch reached (and findings/ per oracle finding) here.", valueName: "dir"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("Stop once this branch is reached (R11:2317, pims:R11:step 8) and print its shortest sequence.",
                                            valueName: "rule:branch"))
    var reach: String?

    @Flag(name: .long, help: "Press random keys of a whole keyboard instead (the baseline).")
    var random = false

    @Option(name: .long, help: ArgumentHelp("Also run the random baseline with the same budget for this many seeds (from --seed) and print a table.",
                                            valueName: "seeds"))
    var baseline: Int?

    @Flag(name: .long, help: "Start from nothing but the scenarios (not from the built-in tours' keys).")
    var noTours = false

    @Flag(name: .long, help: "Leave the oracles out (faster).")
    var noOracles = false

    func validate() throws {
        _ = try parsedBudget()
        if let reach, ExploreTarget.parseBranch(reach) == nil {
            throw ValidationError("--reach must be RULE:BRANCH or SYSTEM:RULE:BRANCH (R11:2317), not \"\(reach.escapingControlCharacters)\"")
        }
        if let baseline, !(1...32).contains(baseline) { throw ValidationError("--baseline must be from 1 to 32 seeds") }
        let known = ScenarioLoader.builtinNames
        for name in scenarios where !known.contains(name) {
            throw ValidationError("no built-in scenario \"\(name.escapingControlCharacters)\" (enrollsim scenarios lists them)")
        }
    }

    func parsedBudget() throws -> Explorer.Budget {
        if budget.hasSuffix("s") || budget.hasSuffix("m") {
            let seconds = try DurationFlag(flag: "--budget", least: 1_000, most: 86_400_000).parse(budget)
            return Explorer.Budget(seconds: Double(seconds.components.seconds))
        }
        guard let steps = Int(budget), (1...100_000_000).contains(steps) else {
            throw ValidationError("--budget must be a number of steps (20000) or a duration (90s, 5m), not \"\(budget.escapingControlCharacters)\"")
        }
        return Explorer.Budget(steps: steps)
    }

    func run() async throws {
        let starts: [ExploreStart]
        do {
            starts = try ExploreStart.all(scenarios.isEmpty ? nil : scenarios)
        } catch {
            throw CommandFailure("the scenarios: \(error)")
        }
        let budget = try parsedBudget()
        if let baseline {
            CommandOutput.print(await ExploreBenchmark.table(starts: starts, budget: budget, seeds: Array(seed..<(seed + UInt64(baseline)))))
            return
        }
        let explorer = Explorer(starts: starts, strategy: random ? .random : .guided, seed: seed, oracles: noOracles ? .none : Oracles())
        if let reach, let goal = ExploreTarget.parseBranch(reach) { explorer.goal = goal }
        if !random && !noTours { await explorer.seed(with: Self.tours()) }
        await explorer.run(budget) { CommandOutput.error("explore: " + $0.line) }

        if let reach {
            guard let target = explorer.goalReached else {
                throw CommandFailure("\(reach) was not reached in \(explorer.steps) steps: try a larger --budget or another --seed")
            }
            let suite = ExploreSuite(explorer)
            guard let (start, inputs) = await suite.minimal(target) else { throw CommandFailure("\(reach): no sequence kept") }
            CommandOutput.print("\(target): \(inputs.count) inputs from the scenario \(starts[start].scenario) on \(starts[start].systemID)")
            for (i, input) in inputs.enumerated() { CommandOutput.print("  \(i + 1). \(input)") }
            if let out {
                let path = (out as NSString).appendingPathComponent(target.fileStem + ".jsonl")
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                if let failure = try await WalkWriter.write(starts[start], inputs, title: "Reaches \(target) (enrollsim explore)", to: path) {
                    throw CommandFailure("\(path): replay --check fails: \(failure)")
                }
                CommandOutput.print("walk: \(path)")
            }
            return
        }

        CommandOutput.print(summary(explorer))
        guard let out else { return }
        let suite = ExploreSuite(explorer)
        let walks = try await suite.writeBranchWalks(to: out) { CommandOutput.error("minimise: " + $0) }
        let findings = try await suite.writeFindings(to: (out as NSString).appendingPathComponent("findings")) { CommandOutput.error("minimise: " + $0) }
        CommandOutput.print("\(walks.count) branch walks in \(out)")
        for finding in findings { CommandOutput.print("finding: \(finding.target)\n  \(finding.file) (\(finding.inputs.count) inputs)") }
        let failed = (walks + findings).filter { $0.failure != nil }
        for walk in failed { CommandOutput.error("\(walk.file): replay --check fails: \(walk.failure!)") }
        if !failed.isEmpty { throw ExitCode(1) }
    }

    /// The built-in tours (Assets/walks), then the seed walks (Assets/walks/seeds: the deep flows
    /// the tours do not walk, a reset, a change of phone, a removal), the guided search's first seeds.
    static func tours() -> [Walk] {
        let seeds = EnrollsimAssets.walksDirectory.appendingPathComponent("seeds")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        return DemoCommand.tours.compactMap { try? Walk.read(path: DemoCommand.path($0)) }
            + files.compactMap { try? Walk.read(path: seeds.appendingPathComponent($0).path) }
    }

    func summary(_ explorer: Explorer) -> String {
        var per: [String: [String]] = [:]
        for case .branch(let system, let rule, let branch) in explorer.branches { per[system, default: []].append("\(rule) \(branch)") }
        var out = "\(explorer.steps) steps from \(explorer.starts.count) starts: \(explorer.branches.count) branches, \(explorer.findings.count) findings\n"
        for system in per.keys.sorted() { out += "  \(system): \(per[system]!.count) branches\n" }
        return out
    }
}
