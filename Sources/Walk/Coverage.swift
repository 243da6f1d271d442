import Foundation
import SimKernel

/// Which rules and branches of each system's contract answers came from: counted from walks and
/// from `batch --trace` transcripts, reported against each system's catalogue (what never was).
public struct Coverage: Sendable, Equatable {
    /// system → rule → branch → answers.
    public private(set) var hits: [String: [String: [String: Int]]] = [:]
    /// The same, for answers that were faults injected from the simulator (`AnswerTrace.injected`).
    public private(set) var injectedHits: [String: [String: [String: Int]]] = [:]
    public private(set) var answers = 0
    /// system → error codes answered (a branch marked by its rule still answered a code: PIN blocked is 2317).
    public private(set) var codes: [String: Set<String>] = [:]

    public init() {}

    /// One answer: what produced it, and its error code (a name where the system names its codes).
    public mutating func add(_ trace: AnswerTrace, code: String?) {
        answers += 1
        if trace.injected {
            injectedHits[trace.system ?? "world", default: [:]][trace.rule ?? "input", default: [:]][trace.branch, default: 0] += 1
            return
        }
        if let code { codes[trace.system ?? "world", default: []].insert(code) }
        hits[trace.system ?? "world", default: [:]][trace.rule ?? "input", default: [:]][trace.branch, default: 0] += 1
    }

    public mutating func add(_ walk: Walk) {
        for call in walk.calls { add(call.response) }
    }

    /// An answer, when it says which rule produced it (a server asked without `Enrollsim-Trace` does not).
    public mutating func add(_ response: CallResponse) {
        if let trace = response.trace { add(trace, code: response.error.map { $0.name ?? $0.code.description }) }
    }

    /// A walk, or a transcript of JSON lines whose answers carry a `trace` (`enrollsim batch --trace`).
    public mutating func add(file path: String) throws(WalkError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WalkError(file: path, line: nil, reason: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw WalkError(file: path, line: UTF8Lines.firstInvalid(in: data), reason: "the file is not UTF-8 text")
        }
        let first = text.prefix { $0 != "\n" }
        if (try? JSONText.parse(String(first)))?["kind"]?.stringValue == "walk" {
            add(try WalkReader.parse(text, file: path))
            return
        }
        var found = 0
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.allSatisfy(\.isWhitespace) {
            guard let json = try? JSONText.parse(String(line)), json.objectValue != nil else {
                throw WalkError(file: path, line: i + 1, reason: "not a JSON object (coverage reads walks and `batch --trace` transcripts)")
            }
            guard let t = json["trace"] else { continue }
            guard let trace = AnswerTrace(json: t) else { throw WalkError(file: path, line: i + 1, reason: "\"trace\" must be {system, rule, branch, at}") }
            let error = json["error"]
            add(trace, code: error?["name"]?.stringValue ?? error?["code"].flatMap(ErrorCodeValue.init(json:))?.description)
            found += 1
        }
        if found == 0 {
            throw WalkError(file: path, line: nil, reason: "no answer carries a trace: record a walk (--record) or run `enrollsim batch --trace`")
        }
    }

    public func report(_ catalogues: [RuleCatalogue]) -> CoverageReport {
        CoverageReport(coverage: self, catalogues: catalogues)
    }
}

/// Coverage against the catalogues: per system, each rule's branches hit and never hit, and the
/// error codes answered and never answered.
public struct CoverageReport: Sendable {
    public struct Branch: Sendable {
        public var name: String
        /// Answers of the rule itself.
        public var count: Int
        /// Answers that were injected faults traced to this branch.
        public var injected = 0
        public var reached: Bool { count > 0 || injected > 0 }
        /// "2317×2", "2351×1 by fault", "2317×2 +1 by fault".
        var label: String {
            switch (count, injected) {
            case (0, let f): "\(name)×\(f) by fault"
            case (let n, 0): "\(name)×\(n)"
            case (let n, let f): "\(name)×\(n) +\(f) by fault"
            }
        }
    }
    public struct Rule: Sendable {
        public var id: String
        public var summary: String
        public var branches: [Branch]
        public var hit: Bool { branches.contains(where: \.reached) }
    }
    public struct System: Sendable {
        public var id: String
        public var rules: [Rule]
        public var codesHit: [String]
        public var codesNever: [String]
        public var branchesHit: Int { rules.reduce(0) { $0 + $1.branches.filter(\.reached).count } }
        /// Branches reached only by an injected fault.
        public var branchesByFaultOnly: Int { rules.reduce(0) { $0 + $1.branches.filter { $0.count == 0 && $0.injected > 0 }.count } }
        public var branchesTotal: Int { rules.reduce(0) { $0 + $1.branches.count } }
    }

    public var systems: [System]
    public var answers: Int

    init(coverage: Coverage, catalogues: [RuleCatalogue]) {
        answers = coverage.answers
        systems = catalogues.map { catalogue in
            let hits = coverage.hits[catalogue.system] ?? [:]
            let faults = coverage.injectedHits[catalogue.system] ?? [:]
            var rules = catalogue.rules.map { rule in
                let counted = hits[rule.id] ?? [:]
                let injected = faults[rule.id] ?? [:]
                var branches = rule.branches.map { Branch(name: $0, count: counted[$0] ?? 0, injected: injected[$0] ?? 0) }
                // A branch the catalogue does not name still counts: shown, so it can be added.
                for extra in counted.keys.sorted() where !rule.branches.contains(extra) {
                    branches.append(Branch(name: extra, count: counted[extra]!, injected: injected[extra] ?? 0))
                }
                return Rule(id: rule.id, summary: rule.summary, branches: branches)
            }
            for id in hits.keys.sorted() where !catalogue.rules.contains(where: { $0.id == id }) {
                rules.append(Rule(id: id, summary: id == "input" ? "input checks" : "not in the catalogue",
                                  branches: hits[id]!.keys.sorted().map { Branch(name: $0, count: hits[id]![$0]!) }))
            }
            let answered = coverage.codes[catalogue.system] ?? []
            return System(id: catalogue.system, rules: rules, codesHit: catalogue.errorCodes.filter(answered.contains),
                          codesNever: catalogue.errorCodes.filter { !answered.contains($0) })
        }
    }

    /// The terminal table: a line per rule, its branches with counts (· never hit).
    public var table: String {
        var out = "coverage of \(answers) answers\n"
        for system in systems {
            let byFault = system.branchesByFaultOnly > 0 ? " (\(system.branchesByFaultOnly) of them by an injected fault only)" : ""
            out += "\n\(system.id): \(system.branchesHit) of \(system.branchesTotal) branches\(byFault), \(system.rules.filter(\.hit).count) of \(system.rules.count) rules\n"
            let width = (system.rules.map(\.id.count).max() ?? 3) + 1
            for rule in system.rules {
                let mark = rule.hit ? "✓" : "·"
                let branches = rule.branches.map { $0.reached ? $0.label : "·\($0.name)" }.joined(separator: "  ")
                out += "  \(mark) \(rule.id.padding(toLength: width, withPad: " ", startingAt: 0))\(rule.summary): \(branches)\n"
            }
            out += "  error codes answered: \(system.codesHit.isEmpty ? "none" : system.codesHit.joined(separator: " "))\n"
            out += "  never answered: \(system.codesNever.isEmpty ? "none" : system.codesNever.joined(separator: " "))\n"
        }
        return out
    }

    public var markdown: String {
        var out = "# Coverage\n\n\(answers) answers.\n"
        for system in systems {
            let byFault = system.branchesByFaultOnly > 0 ? " (\(system.branchesByFaultOnly) by an injected fault only)" : ""
            out += "\n## \(system.id)\n\n\(system.branchesHit) of \(system.branchesTotal) branches\(byFault).\n\n| rule | | hit | never |\n|---|---|---|---|\n"
            for rule in system.rules {
                let hit = rule.branches.filter(\.reached).map(\.label).joined(separator: ", ")
                let never = rule.branches.filter { !$0.reached }.map(\.name).joined(separator: ", ")
                out += "| \(rule.id) | \(rule.summary) | \(hit) | \(never) |\n"
            }
            out += "\nError codes answered: \(system.codesHit.joined(separator: ", ")); never: \(system.codesNever.joined(separator: ", ")).\n"
        }
        return out
    }

    public var json: JSONValue {
        .object(["answers": .int(answers), "systems": .array(systems.map { system in
            .object(["system": .string(system.id),
                     "rules": .array(system.rules.map { rule in
                         .object(["rule": .string(rule.id), "summary": .string(rule.summary),
                                  "branches": .object(Dictionary(uniqueKeysWithValues: rule.branches.map { ($0.name, JSONValue.int($0.count)) })),
                                  "byFault": .object(Dictionary(uniqueKeysWithValues: rule.branches.filter { $0.injected > 0 }.map { ($0.name, JSONValue.int($0.injected)) }))])
                     }),
                     "codesAnswered": .array(system.codesHit.map(JSONValue.string)),
                     "codesNever": .array(system.codesNever.map(JSONValue.string))])
        })])
    }
}
