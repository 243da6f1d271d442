import Foundation
import Synchronization
import TerminalUI

/// The last screens the terminal showed, as asciicast output, with the walk's times and flow steps:
/// what the API log's `t` exports. Kept as they are painted (a bounded ring), so an export costs the
/// same after a minute or a day: replaying the session's walk to draw its screens again took time
/// in proportion to the session. Safe to use from any thread.
///
/// A screen is kept as the rows that differ from the screen before it (`FrameDelta`, a few hundred
/// bytes for a key on a menu) and turned into ANSI text only when the tape is read: a key's frame
/// costs the tape a comparison of its rows, not a rendering, and the tape holds no whole frames but
/// the last one painted and the one its oldest screen starts from.
public final class ScreenTape: Sendable {
    public struct Screen: Sendable {
        public let t: Int
        public let step: String?
        /// Its cells and cursor (not its click targets).
        public let frame: Frame
        let theme: Theme

        public var size: Size { frame.size }
        /// The frame as a terminal would be sent it, rendered now.
        public var ansi: String { frame.ansi(theme: theme) }
    }

    private struct Painted {
        let t: Int
        let step: String?
        let delta: FrameDelta
    }

    private struct Kept {
        var screens: LastItems<Painted>
        /// The last frame painted: the next one is compared with it.
        var last: Frame?
        /// The frame the oldest screen kept applies to (the one before it, once older ones are gone).
        var base: Frame?
    }

    private let theme: Theme
    private let tape: Mutex<Kept>

    public init(theme: Theme, limit: Int = Asciicast.sessionScreens) {
        self.theme = theme
        tape = Mutex(Kept(screens: LastItems(limit: limit)))
    }

    /// A frame painted at `t` (ms since the recording started) during `step`; the same frame again
    /// is not kept twice.
    public func record(_ frame: Frame, t: Int, step: String?) {
        tape.withLock { kept in
            guard frame != kept.last else { return }
            let delta = FrameDelta(frame, since: kept.last)
            kept.last = frame
            if let dropped = kept.screens.append(Painted(t: t, step: step, delta: delta)) { dropped.delta.apply(to: &kept.base) }
        }
    }

    /// The screens kept, oldest first, and how many were painted in all.
    public var kept: (screens: [Screen], seen: Int) {
        let (base, painted, seen) = tape.withLock { ($0.base, $0.screens.items, $0.screens.seen) }
        var frame = base
        let screens = painted.map { painted in
            painted.delta.apply(to: &frame)
            return Screen(t: painted.t, step: painted.step, frame: frame ?? Frame(size: painted.delta.size), theme: theme)
        }
        return (screens, seen)
    }
}
