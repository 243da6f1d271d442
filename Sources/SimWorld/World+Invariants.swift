import PIMS
import SimKernel

extension World {
    /// The first invariant a loaded world breaks (§9), or nil: the kernel's (sessions, clock, faults),
    /// then each system's.
    public var firstProblem: ScenarioProblem? {
        if session.device.isEmpty { return ScenarioProblem(path: ["session", "device"], reason: "the default session needs a device id") }
        if let (key, reason) = World.settingsProblem(session.settings) { return ScenarioProblem(path: ["session", key], reason: reason) }
        var names = Set<String>()
        // Indexed, not enumerated(): an enumerated KeyedList's iterator is generic metadata the runtime
        // builds at each start with a scan of every conformance record (Benchmarks/README.md, the TUI).
        for i in 0..<sessions.count {
            let s = sessions[i]
            if !names.insert(s.name).inserted { return ScenarioProblem(path: ["sessions", String(i), "name"], reason: "two sessions named \(s.name)") }
            if let (key, reason) = World.settingsProblem(s.settings) {
                return ScenarioProblem(path: ["sessions", String(i), "settings", key], reason: "session \(s.name): \(reason)")
            }
        }
        if clock < startTime { return ScenarioProblem(path: ["clock"], reason: "the clock is before the start time") }
        // Each call adds one: a count from zero, far from where `+ 1` traps (and a stored row is read
        // by JSON, not by the scenario decoder's own bound).
        if let problem = NumberBounds.problem(counters.transactions, NumberBounds.count) {
            return ScenarioProblem(path: ["counters", "transactions"], reason: "counters.transactions \(problem)")
        }
        for (i, f) in faults.enumerated() {
            if let p = World.faultProblem(f) { return ScenarioProblem(path: ["faults", String(i)], reason: "fault \(i + 1): \(p)") }
        }
        if let problem = PIMSInvariants.firstProblem(in: pims, defaultUser: session.user, sessionOrder: sessions.map(\.name)) {
            return problem
        }
        for system in World.systems { if let problem = system.section?.firstProblem(self) { return problem } }
        return bookmarksProblem
    }
}

extension World {
    /// Bookmarks: distinct names within the limit, none with bookmarks of its own, each a world that
    /// keeps every invariant.
    var bookmarksProblem: ScenarioProblem? {
        if bookmarks.count > Bookmark.limit {
            return ScenarioProblem(path: ["bookmarks"], reason: "at most \(Bookmark.limit) bookmarks are kept")
        }
        var names = Set<String>()
        for i in 0..<bookmarks.count {
            let b = bookmarks[i]
            let at = ["bookmarks", String(i)]
            if let problem = KernelControl.bookmarkNameProblem(b.name) { return ScenarioProblem(path: at + ["name"], reason: problem) }
            if !names.insert(b.name).inserted { return ScenarioProblem(path: at + ["name"], reason: "two bookmarks named \(b.name)") }
            if !b.world.bookmarks.isEmpty { return ScenarioProblem(path: at + ["world", "bookmarks"], reason: "a bookmark keeps no bookmarks") }
            if let problem = b.world.firstProblem {
                return ScenarioProblem(path: at + ["world"] + problem.path, reason: "bookmark \(b.name): \(problem.reason)")
            }
        }
        return nil
    }
}

extension World {
    /// A scenario's counters leave room for the calls still to come: each call or subscription adds
    /// one, and what the team server stores (a mark ahead of the counter) must stay within
    /// `NumberBounds` after them, so a loaded counter is at most `NumberBounds.largestCounter`. Asked
    /// of scenarios only: a stored world that has counted past it since is served as it is.
    var counterRoomProblem: ScenarioProblem? {
        for (key, value) in [("transactions", counters.transactions), ("stepsIDs", pims.stepsIDs)] where value > NumberBounds.largestCounter {
            return ScenarioProblem(path: ["counters", key],
                                   reason: "counters.\(key) must be at most \(NumberBounds.largestCounter) (room for the calls to come), not \(value)")
        }
        for i in 0..<bookmarks.count {
            if let problem = bookmarks[i].world.counterRoomProblem {
                return ScenarioProblem(path: ["bookmarks", String(i), "world"] + problem.path, reason: "bookmark \(bookmarks[i].name): \(problem.reason)")
            }
        }
        return nil
    }
}

