import Walk

extension AppState {
    /// What F7 marks as what must be seen here: the screen's title, and the banner as shown
    /// (`code · label`), if one is.
    var expectationsHere: [WalkExpectation] {
        var marks = [WalkExpectation(.text(route.title), in: .title)]
        if let n = notice {
            marks.append(WalkExpectation(.text(n.title), in: .banner))
        }
        return marks
    }
}

extension Action {
    /// What arrives on its own (answers, events, timers, files written), not from a key.
    var arrivesOnItsOwn: Bool {
        switch self {
        case .connected, .response, .controlAnswer, .event, .timerFired, .fileSaved, .screenshotSaved, .recordingStopped, .exported, .reported:
            true
        default: false
        }
    }
}

extension AppState {
    /// A QA engineer's keys on every screen, beside the screenshot's F12: function keys, which typing
    /// never takes; kept out of the help bar (the `?` overlay and the palette list them).
    public static let workbenchCommands: [AvailableCommand] = [
        .command(.function(7), "mark expected", "Mark this title and banner as expected.", .markExpected),
        .command(.function(10), "bug report", "Write a bug-report bundle.", .report),
    ]
}
