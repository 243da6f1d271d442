import Enrollment
import TerminalUI

/// A walk's screen as a player shows it at any terminal size: the front laid out again at that
/// size (the screens are a function of the state, so nothing recorded at another size is clipped
/// or left in a corner), under the player's lines (position, step, caption, keys), wrapped whole.
public enum ReplayLayout {
    /// The player's lines take at most this many rows; a longer caption ends with `…`.
    public static let maximumChromeRows = 4

    /// `state` laid out at `size` above `chrome`, wrapped to the width, in the selected style.
    public static func frame(_ state: AppState, chrome: String, size: Size) -> Frame {
        var lines = chrome.wrapped(toWidth: max(1, size.width - 2))
        if lines.count > maximumChromeRows {
            lines = Array(lines.prefix(maximumChromeRows))
            lines[maximumChromeRows - 1] = lines[maximumChromeRows - 1].truncated(toWidth: size.width - 3) + "…"
        }
        // The lines replace the help bar (no key of the screen is pressed during a replay) and as
        // many rows above it: the screen is laid out on what is left.
        let appSize = Size(width: size.width, height: max(1, size.height - lines.count + 1))
        let app = Screens.render(state, size: appSize, minimum: Size(width: Size.minimum.width, height: Size.minimum.height - maximumChromeRows + 1))
        var frame = Frame(size: size)
        for y in 0..<min(app.size.height - 1, size.height - lines.count) {
            for x in 0..<min(app.size.width, size.width) where !app[x, y].isWideTail {
                frame.put(String(app[x, y].glyph), x: x, y: y, style: app[x, y].style)
            }
        }
        let top = size.height - lines.count
        frame.fill(Rect(x: 0, y: top, width: size.width, height: lines.count), style: .selected)
        for (i, line) in lines.enumerated() { frame.put(" " + line, x: 0, y: top + i, style: .selected) }
        return frame
    }
}
