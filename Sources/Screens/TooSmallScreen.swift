import TerminalUI

/// Under 80×24 the screens do not fit: say so, and what size is needed.
enum TooSmallScreen {
    static func render(size: Size, into frame: inout Frame) {
        let lines = ["Terminal too small", "\(size.width)×\(size.height): enrollsim needs at least \(Screens.minimumSize.width)×\(Screens.minimumSize.height).",
                     "Enlarge the window; q quits."]
        let top = max(0, size.height / 2 - 1)
        for (i, line) in lines.enumerated() {
            let text = line.truncated(toWidth: size.width)
            frame.put(text, x: max(0, (size.width - text.terminalWidth) / 2), y: top + i, style: i == 0 ? .warning : .normal)
        }
    }
}
