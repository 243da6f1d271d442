/// The command palette (`:` or ^P), as in VS Code or k9s: type a few letters of a screen or an
/// action, Enter runs it. Its entries are built from the screens' own key tables, so a new feature
/// or key appears here without being listed anywhere else.
public struct CommandPalette: Hashable, Sendable {
    public var query = ""
    /// Index into the matching entries.
    public var selection = 0
    public init() {}
}

/// One line of the palette: a screen to open, or an action with the key that does it there.
public struct PaletteEntry: Hashable, Sendable {
    /// Where it happens ("Simulator"), and what ("advance").
    public var screen: String
    public var title: String
    public var help: String
    /// The key that does it on its screen ("a", "F8"); empty when no key does.
    public var key: String
    /// The screen to open first, when it is not the current one.
    public var route: Route?
    /// What to do there; nil: only open the screen.
    public var action: Action?

    /// The text the query is matched against.
    var haystack: String { "\(screen) \(title) \(help)" }
}

extension AppState {
    /// The screens this session can reach: its system's home menu, home itself once logged in.
    var reachableRoutes: [Route] {
        guard session.loggedIn != nil else { return [.start, .log, .coverage] }
        return [.home] + Route.homeMenu(session.config.system)
    }

    /// Every entry, before matching: open each screen; the keys of this screen now; the keys of the
    /// other screens, as they would be offered there now (Enter, Esc and the arrows only mean
    /// something on their screen, so they are left out).
    public var paletteEntries: [PaletteEntry] {
        var entries = reachableRoutes.map { r in
            PaletteEntry(screen: r.title, title: "open", help: r.summary, key: jumpKey(to: r)?.description ?? "", route: r, action: nil)
        }
        // This screen's keys (its jumps are the entries above).
        entries += availableCommands.filter { c in
            if case .choose(.open) = c.action { return false }
            return c.action != .choose(.openPalette) && !c.key.isNavigation
        }.map { c in
            PaletteEntry(screen: route.title, title: c.title, help: c.help, key: c.key.description, route: nil, action: c.action)
        }
        entries += AppState.workbenchCommands.map { c in
            PaletteEntry(screen: "Any screen", title: c.title, help: c.help, key: c.key.description, route: nil, action: c.action)
        }
        for r in reachableRoutes where r != route {
            let shown = entries.map(\.action)
            for c in r.scope.commands(self, typing: false) where !c.key.isNavigation && !shown.contains(c.action) {
                entries.append(PaletteEntry(screen: r.title, title: c.title, help: c.help, key: c.key.description, route: r, action: c.action))
            }
        }
        return entries
    }

    /// The entries the query matches, best first (a fuzzy match: the query's letters in order).
    public var paletteMatches: [PaletteEntry] {
        guard let query = palette?.query, !query.isEmpty else { return paletteEntries }
        let scored = paletteEntries.enumerated().compactMap { i, e in FuzzyMatch.score(query, in: e.haystack).map { (e, $0, i) } }
        return scored.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.map(\.0)
    }

    /// A key while the palette is open; nil lets the action through (answers, events, quit).
    mutating func paletteKey(_ action: Action) -> [Effect]? {
        guard var p = palette else { return nil }
        switch action {
        case .typed(let c):
            p.query.append(c)
            p.selection = 0
        case .pasted(let text):
            p.query += text.filter { !$0.isNewline }
            p.selection = 0
        case .backspace:
            if !p.query.isEmpty { p.query.removeLast() }
            p.selection = 0
        case .choose(.clearField):
            p.query = ""
        case .moveSelection(let delta):
            p.selection = min(max(p.selection + delta, 0), max(0, paletteMatches.count - 1))
        case .cancel, .choose(.openPalette):
            palette = nil
            return []
        case .submit:
            let matches = paletteMatches
            palette = nil
            guard matches.indices.contains(p.selection) else { return [] }
            return runPaletteEntry(matches[p.selection])
        case .choose(.quit), .connected, .response, .controlAnswer, .event, .timerFired, .fileSaved, .screenshotSaved, .recordingStopped, .exported, .reported:
            return nil
        default:
            return []
        }
        palette = p
        return []
    }

    /// Opens the entry's screen, then does its action if that screen offers it now.
    mutating func runPaletteEntry(_ entry: PaletteEntry) -> [Effect] {
        var effects: [Effect] = []
        if let r = entry.route, r != route {
            effects += open(r)
            guard route == r else { return effects }
        }
        guard let action = entry.action else { return effects }
        guard availableCommands.contains(where: { $0.action == action }) || AppState.workbenchCommands.contains(where: { $0.action == action }) else {
            notice = .info("\(entry.screen): \(entry.title) is not offered right now.", advice: "The screen is open: its help bar shows what is.")
            return effects
        }
        return effects + reduce(action)
    }

    /// The key that opens a screen from anywhere, if it has one.
    func jumpKey(to r: Route) -> KeyHint? {
        switch r {
        case .simulator: .function(8)
        case .log: .function(9)
        default: nil
        }
    }
}

extension KeyHint {
    /// Enter, Esc, Tab and the arrows act on what is on screen: meaningless elsewhere.
    var isNavigation: Bool {
        switch self {
        case .enter, .escape, .tab, .backTab, .up, .down: true
        case .char, .ctrl, .function: false
        }
    }
}

/// A fuzzy match as command palettes do it: every letter of the query, in order, case ignored;
/// letters that follow each other, and letters that start words, score higher.
enum FuzzyMatch {
    static func score(_ query: String, in text: String) -> Int? {
        let q = Array(query.lowercased().filter { $0 != " " }), t = Array(text.lowercased())
        guard !q.isEmpty else { return 0 }
        var score = 0, qi = 0, previous = -2
        for (ti, c) in t.enumerated() where qi < q.count && c == q[qi] {
            score += 1
            if ti == previous + 1 { score += 3 }
            if ti == 0 || !t[ti - 1].isLetter { score += 2 }
            previous = ti
            qi += 1
        }
        return qi == q.count ? score : nil
    }
}
