import Foundation
import TerminalUI

/// The last screens the terminal showed, as asciicast output, with the walk's times and flow steps:
/// what the API log's `t` exports. Kept as they are painted (a bounded ring), so an export costs the
/// same after a minute or a day: replaying the session's walk to draw its screens again took time
/// in proportion to the session. Safe to use from any thread.
///
/// A screen is kept as its frame (flat arrays, shared with the frame on screen) and turned into
/// ANSI text only when the tape is read: a key's frame costs the tape a comparison, not a rendering.
public final class ScreenTape: @unchecked Sendable {
    public struct Screen: Sendable {
        public let t: Int
        public let step: String?
        public let frame: Frame
        let theme: Theme

        public var size: Size { frame.size }
        /// The frame as a terminal would be sent it, rendered now.
        public var ansi: String { frame.ansi(theme: theme) }
    }

    private struct Painted {
        let t: Int
        let step: String?
        let frame: Frame
    }

    private let lock = NSLock()
    private let theme: Theme
    private var screens: LastItems<Painted>
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
        screens.append(Painted(t: t, step: step, frame: frame))
    }

    /// The screens kept, oldest first, and how many were painted in all.
    public var kept: (screens: [Screen], seen: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (screens.items.map { Screen(t: $0.t, step: $0.step, frame: $0.frame, theme: theme) }, screens.seen)
    }
}
