import Foundation
import TerminalUI

/// The last screens the terminal showed, as asciicast output, with the walk's times and flow steps:
/// what the API log's `t` exports. Kept as they are painted (a bounded ring), so an export costs the
/// same after a minute or a day: replaying the session's walk to draw its screens again took time
/// in proportion to the session. Safe to use from any thread.
public final class ScreenTape: @unchecked Sendable {
    public struct Screen: Sendable {
        public let t: Int
        public let step: String?
        public let size: Size
        public let ansi: String
    }

    private let lock = NSLock()
    private let theme: Theme
    private var screens: LastItems<Screen>
    private var last: Frame?

    public init(theme: Theme, limit: Int = Asciicast.sessionScreens) {
        self.theme = theme
        screens = LastItems(limit: limit)
    }

    /// A frame painted at `t` (ms since the recording started) during `step`; the same frame again
    /// is not kept twice.
    public func record(_ frame: Frame, t: Int, step: String?) {
        lock.lock()
        defer { lock.unlock() }
        guard frame != last else { return }
        last = frame
        screens.append(Screen(t: t, step: step, size: frame.size, ansi: frame.ansi(theme: theme)))
    }

    /// The screens kept, oldest first, and how many were painted in all.
    public var kept: (screens: [Screen], seen: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (screens.items, screens.seen)
    }
}
