import SimKernel

/// What the controls answered, and what the world's events say.
extension SimulatorPanel.State {
    typealias Out = SimulatorPanel.Out

    mutating func answered(_ control: SimulatorPanel.Control, _ answer: SimAnswer, _ shared: Shared) -> [Out] {
        guard answer.ok else {
            let what = answer.error ?? "failed"
            message = what
            return [.notice(Notice(kind: .error, label: "Simulator control failed.", detail: what, advice: "Check the value and try again."))]
        }
        switch control {
        case .advance:
            now = answer.now ?? now
            message = "Clock advanced to \(now ?? "?")."
            return readWorld(shared)
        case .system(let command):
            return command.system.front.simulatorAnswered(command, answer, &self, shared)
        case .fault(let rule):
            faults = answer.faultRules
            message = "Fault added: \(rule.summary)."
            return []
        case .clearFaults:
            faults = []
            message = "Faults cleared."
            return []
        case .faults:
            faults = answer.faultRules
            return []
        case .load(let name):
            scenario = answer.scenario ?? name
            faults = []
            message = "Scenario \(scenario ?? name) loaded: log in again to use it."
            return [.delegate(.worldReplaced)]
        case .reset:
            faults = []
            message = "World reset to scenario \(answer.scenario ?? "?")."
            return [.delegate(.worldReplaced)]
        case .export(let path, let name):
            return [.delegate(.save(path: path, contents: Self.renamed(answer.scenario ?? "", to: name)))]
        case .bookmark(let name):
            bookmarks = answer.bookmarkNames
            newestBookmark = name
            let at = answer.bookmarkedAt ?? now ?? "?"
            message = "Bookmark \(name) taken at \(at) (kept: \(bookmarks.joined(separator: ", "))); o restores one."
            return []
        case .restore(let name):
            now = answer.now ?? now
            faults = []
            message = "World restored to bookmark \(name) (\(now ?? "?")): log in again to use it."
            // The bookmarked world has its own fault rules: read them.
            return [.delegate(.worldReplaced), .control(.simulator(.faults), .faults)]
        }
    }

    /// Reads what the panel shows of the world: its system's sections, as its front reads them (the
    /// clock comes with them).
    mutating func readWorld(_ shared: Shared) -> [Out] { system.front.simulatorReads(&self, shared) }

    /// The system's back office (Futurae's activations, the card phone's notifications), its front's.
    func readBackOffice(_ shared: Shared) -> [Out] { system.front.backOfficeReads(shared) }

    /// What `g` reads again, in words (the help).
    public var parts: String { system.front.simulatorParts }

    /// The backend's list replaces this panel's, whoever changed it: a rule used up by a call
    /// leaves, and one added from another terminal appears.
    mutating func faultsChanged(_ rules: [FaultRule]) -> [Out] {
        let gone = faults.filter { old in !rules.contains { $0.name == old.name && $0.sub == old.sub && $0.code == old.code } }
        if rules.isEmpty && !faults.isEmpty {
            message = "No fault rule is active any more."
        } else if let used = gone.first, rules.count < faults.count {
            message = "Fault used up: \(used.summary)."
        } else if rules.count > faults.count {
            message = "\(rules.count) fault rule\(rules.count == 1 ? "" : "s") active on the backend."
        }
        faults = rules
        return []
    }
}
