import Enrollment
import Foundation
import TerminalUI
import Walk
import WalkPlayer

/// Coverage-guided exploration (after Sapienz and DroidBot): from each start, runs of keys that keep
/// every sequence reaching something new (a rule's branch, an error code, a screen) as a seed for
/// later runs, which replay it and go on from where it ended. In each state the keys not yet tried
/// there come first (the model of the screens seen); while a field is edited, a value from its
/// dictionary is put in half the time. The random baseline presses keys of a whole keyboard,
/// uniformly, from a fresh start each run (Android's Monkey).
public final class Explorer {
    public enum Strategy: String, Sendable, CaseIterable { case guided, random }

    public struct Budget: Sendable {
        public var steps: Int?
        public var seconds: Double?
        public init(steps: Int? = nil, seconds: Double? = nil) {
            self.steps = steps
            self.seconds = seconds
        }
    }

    /// A sequence that reached something: where it started and its inputs up to that moment.
    public struct Witness: Sendable, Hashable {
        public var start: Int
        public var inputs: [ExploreInput]
        /// The step count when it was first reached (branches over time).
        public var atStep: Int
    }

    public struct Progress: Sendable {
        public var steps: Int
        public var seconds: Double
        public var branches: [String: Int]
        public var findings: Int
        /// Processor time this process used (a shared machine's wall clock says little).
        public var cpuSeconds: Double
        public var stepsPerSecond: Double { seconds > 0 ? Double(steps) / seconds : 0 }
        public var stepsPerCPUSecond: Double { cpuSeconds > 0 ? Double(steps) / cpuSeconds : 0 }
        public var line: String {
            let per = branches.keys.sorted().map { "\($0) \(branches[$0]!)" }.joined(separator: ", ")
            return "\(steps) steps, \(Int(stepsPerSecond)) steps/s (\(Int(stepsPerCPUSecond)) per CPU second) · branches: \(per.isEmpty ? "none" : per) · findings: \(findings)"
        }
    }

    public let starts: [ExploreStart]
    public let strategy: Strategy
    public let oracles: Oracles
    /// Inputs a run adds after its seed's.
    public var runLength = 30
    /// A seed longer than this is not extended (replaying it costs more than it finds).
    public var longestSeed = 160
    /// When set, the exploration stops once this branch is reached.
    public var goal: (system: String?, rule: String, branch: String)?

    public private(set) var reached: [ExploreTarget: Witness] = [:]
    public private(set) var findings: [String: (finding: Finding, witness: Witness)] = [:]
    public private(set) var steps = 0
    /// (step, branches reached so far), each time a branch is first reached.
    public private(set) var timeline: [(step: Int, branches: Int)] = []
    var corpus: [Witness] = []
    /// How many runs went on from each kept sequence.
    var picks: [Int] = []
    /// The kept sequences that reached a target (their indices in `corpus`).
    var found: [Int] = []
    private var tried: [String: Set<String>] = [:]
    private var rng: SeededRandom
    private var runs = 0

    public init(starts: [ExploreStart], strategy: Strategy = .guided, seed: UInt64 = 1, oracles: Oracles = Oracles()) {
        self.starts = starts
        self.strategy = strategy
        self.oracles = oracles
        rng = SeededRandom(seed: seed)
        // Monkey's runs are long: it has no seeds to go on from.
        if strategy == .random { runLength = longestSeed }
    }

    public var branches: [ExploreTarget] { reached.keys.filter(\.isBranch).sorted() }

    public var goalReached: ExploreTarget? {
        guard let goal else { return nil }
        return reached.keys.sorted().first { $0.matches(system: goal.system, rule: goal.rule, branch: goal.branch) }
    }

    private let cpuAtStart = Explorer.cpuSeconds()
    static func cpuSeconds() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }

    public func progress(since start: ContinuousClock.Instant) -> Progress {
        var per: [String: Int] = [:]
        for case .branch(let system, _, _) in reached.keys { per[system, default: 0] += 1 }
        let d = ContinuousClock.now - start
        let cpu = Self.cpuSeconds()
        return Progress(steps: steps, seconds: Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18, branches: per,
                        findings: findings.count, cpuSeconds: cpu - cpuAtStart)
    }

    /// Explores until the budget is spent (or the goal reached); `report` is told the progress about
    /// once a second.
    public func run(_ budget: Budget, report: (Progress) -> Void = { _ in }) async {
        let began = ContinuousClock.now
        var lastReport = began
        func spent() -> Bool {
            if let s = budget.steps, steps >= s { return true }
            if let s = budget.seconds, ContinuousClock.now - began >= .seconds(s) { return true }
            return goalReached != nil
        }
        while !spent() && !starts.isEmpty {
            await oneRun(until: spent)
            if ContinuousClock.now - lastReport >= .seconds(1) {
                lastReport = ContinuousClock.now
                report(progress(since: began))
            }
        }
        report(progress(since: began))
    }

    private func oneRun(until spent: () -> Bool) async {
        runs += 1
        // A fresh start now and then (each start in turn), else a kept sequence to go on from.
        let seed: Witness
        if strategy == .random || corpus.isEmpty || rng.chance(0.25) {
            // The session screen comes set from the scenario: most fresh runs open it at once (Enter)
            // and spend their keys on the flows; a few stay to try its settings.
            let open = strategy == .guided && rng.chance(0.8)
            seed = Witness(start: (runs - 1) % starts.count, inputs: open ? [.key("Enter")] : [], atStep: steps)
        } else {
            // AFL's favour: of three kept sequences drawn at random, the one gone on from least;
            // those that reached a target (not only a new state of the model) two times in three.
            let pool = !found.isEmpty && rng.chance(0.67) ? found : Array(corpus.indices)
            var best = rng.pick(pool)
            for _ in 0..<2 {
                let other = rng.pick(pool)
                if picks[other] < picks[best] { best = other }
            }
            picks[best] += 1
            seed = corpus[best]
        }
        guard let run = try? await ExploreRun(starts[seed.start], oracles: oracles) else { return }
        var inputs: [ExploreInput] = []
        for input in seed.inputs {
            await apply(input, run, seed.start, &inputs)
            if spent() { return }
        }
        for _ in 0..<runLength {
            if spent() || inputs.count >= longestSeed { return }
            for input in next(run) {
                await apply(input, run, seed.start, &inputs)
            }
        }
    }

    func apply(_ input: ExploreInput, _ run: ExploreRun, _ start: Int, _ inputs: inout [ExploreInput]) async {
        if case .key(let name) = input {
            tried[Alphabet.abstractState(run.state), default: []].insert(name)
        }
        let step = await run.apply(input)
        steps += 1
        inputs.append(input)
        var new = false
        let reachedTarget = step.reached.contains { reached[$0] == nil }
        for target in step.reached where reached[target] == nil {
            reached[target] = Witness(start: start, inputs: inputs, atStep: steps)
            new = true
            if target.isBranch { timeline.append((steps, reached.keys.filter(\.isBranch).count)) }
        }
        // A state of the model not seen before is kept too (DroidBot): it is where the next branch starts.
        if strategy == .guided && tried[Alphabet.abstractState(run.state)] == nil {
            tried[Alphabet.abstractState(run.state)] = []
            new = true
        }
        if new {
            if reachedTarget { found.append(corpus.count) }
            corpus.append(Witness(start: start, inputs: inputs, atStep: steps))
            picks.append(0)
        }
        for finding in step.findings where findings[finding.identity] == nil {
            findings[finding.identity] = (finding, Witness(start: start, inputs: inputs, atStep: steps))
        }
    }

    /// The next input(s): a key of this state's keymap (one not tried here first), or a value put in
    /// the field being edited (Ctrl-U, then the paste).
    private func next(_ run: ExploreRun) -> [ExploreInput] {
        if strategy == .random { return [.key(rng.pick(Self.keyboard))] }
        let state = run.state
        let values = Alphabet.weightedValues(state, harvest: run.harvest)
        if !values.isEmpty, rng.chance(0.5) {
            return [.key("Ctrl-U"), .paste(values[rng.weighted(values.map(\.weight))].value)]
        }
        let keys = Alphabet.weightedKeys(state)
        guard !keys.isEmpty else { return [.key("Esc")] }
        let done = tried[Alphabet.abstractState(state)] ?? []
        // A key not tried yet in this state weighs five times more.
        let weights = keys.map { done.contains($0.key.walkName) ? $0.weight : $0.weight * 5 }
        return [.key(keys[rng.weighted(weights)].key.walkName)]
    }

    /// The random baseline's keyboard: letters but q (quitting ends the run), digits, the named keys,
    /// the function keys, and the Ctrl keys the app uses.
    public static let keyboard: [String] = {
        var keys = "abcdefghijklmnoprstuvwxyz0123456789:?/ ".map(String.init)
        keys += ["Enter", "Esc", "Tab", "S-Tab", "Bksp", "↑", "↓", "←", "→", "PgUp", "PgDn", "Home", "End"]
        keys += (1...11).map { "F\($0)" }
        keys += ["Ctrl-F", "Ctrl-U", "Ctrl-P", "Ctrl-R", "Ctrl-S"]
        return keys
    }()
}

extension Explorer {
    /// Walks to start from (Sapienz seeds its search with the existing tests): each walk whose
    /// scenario and system are among the starts is played once, what it reaches counted, and its
    /// keys kept as a sequence to go on from. Walks of other scenarios are left out.
    public func seed(with walks: [Walk]) async {
        for walk in walks {
            let config = SessionConfig(walkFields: walk.header.session)
            guard case .inProcess(let scenario) = config.backend,
                  let start = starts.firstIndex(where: { $0.scenario == scenario && $0.config.system == config.system }) else { continue }
            let inputs: [ExploreInput] = walk.entries.compactMap {
                switch $0.what {
                case .key(let name): .key(name)
                case .paste(let text): .paste(text)
                default: nil
                }
            }
            guard !inputs.isEmpty, let run = try? await ExploreRun(starts[start], oracles: oracles) else { continue }
            var played: [ExploreInput] = []
            for input in inputs { await apply(input, run, start, &played) }
            found.append(corpus.count)
            corpus.append(Witness(start: start, inputs: played, atStep: steps))
            picks.append(0)
        }
    }
}
