import Enrollment
import TerminalUI

/// The terminal loop's renderer: the same frames as `Screens.render`, made with less work per
/// key. The keymap is built again only when what it is made of changed (`KeymapMemo`), and the
/// parts of the screen around the content (the title bar, the banner, the help bar) are drawn
/// only when what they show changed, and otherwise put back as they were (`ChromeCache`). The
/// content, the step pacing panel and the overlays are drawn for every frame: they read any part
/// of the state. One painter a loop, used from the loop's thread.
public final class ScreenPainter {
    private var keymaps = KeymapMemo()
    private let chrome = ChromeCache()

    public init() {}

    /// The state's keymap, without help texts (the bar shows titles): what keys are looked up in.
    public func keymap(for state: AppState) -> Keymap<UICommand> { keymaps.keymap(for: state) }

    /// The frame `Screens.render(state, size:tick:keymap:)` makes.
    public func render(_ state: AppState, size: Size, tick: Int = 0, keymap: Keymap<UICommand>) -> Frame {
        Screens.render(state, size: size, tick: tick, minimum: Screens.minimumSize, keymap: keymap, chrome: chrome)
    }
}

/// `AppKeymap.keymap(for: state, helpTexts: false)`, made again only when its inputs
/// (`AppKeymap.Inputs`: the state's commands and the facts that choose the shared rows) differ from
/// the last state's: a key that moves a selection keeps the table, and the help bar drawn from it.
/// The commands themselves are asked of the state every time: a feature's keys may follow any of
/// its state (the API log offers "copy answer" only on a call that has one).
public struct KeymapMemo {
    private var last: (inputs: AppKeymap.Inputs, keymap: Keymap<UICommand>)?

    public init() {}

    public mutating func keymap(for state: AppState) -> Keymap<UICommand> {
        if state.palette != nil { return AppKeymap.paletteKeymap }
        let inputs = AppKeymap.Inputs(state, commands: state.availableKeys)
        if let last, last.inputs == inputs { return last.keymap }
        let keymap = AppKeymap.keymap(inputs, helpTexts: false)
        last = (inputs, keymap)
        return keymap
    }
}

/// The parts around a screen's content as last drawn, each with what it showed (its key) and
/// where: drawn again only when either changed.
final class ChromeCache {
    enum Part: Int, CaseIterable { case title, banner, help }

    private var drawn: [(key: AnyHashable, area: Rect, patch: FramePatch)?] = Array(repeating: nil, count: Part.allCases.count)
    private var layout: (key: [Int], parts: [Rect])?
    private var laidOutBanner: (notice: Notice, width: Int, banner: Banner)?

    /// The screen's rows (`Rect.splitRows`), for a size and the heights of the pacing panel and the banner.
    func parts(size: Size, staged: Int, banner: Int) -> [Rect] {
        let key = [size.width, size.height, staged, banner]
        if let layout, layout.key == key { return layout.parts }
        let parts = Rect(size: size).splitRows([.fixed(1), .fixed(1), .fill(), .fixed(staged), .fixed(banner), .fixed(1)])
        layout = (key, parts)
        return parts
    }

    /// The notice as the banner widget, laid out for `width`.
    func banner(_ notice: Notice, width: Int) -> Banner {
        if let laidOutBanner, laidOutBanner.width == width, laidOutBanner.notice == notice { return laidOutBanner.banner }
        let banner = BannerView.widget(notice).laidOut(forWidth: width)
        laidOutBanner = (notice, width, banner)
        return banner
    }

    /// Puts back `part` as drawn last time when it showed `key` in `area`; otherwise draws it
    /// (`draw`, which changes only the rows of `area`) and keeps what it drew.
    func draw<Key: Hashable>(_ part: Part, _ key: Key, in area: Rect, into frame: inout Frame, _ draw: (Key, inout Frame) -> Void) {
        if let last = drawn[part.rawValue], last.area == area, last.patch.width == frame.size.width, last.key == AnyHashable(key) {
            frame.apply(last.patch)
            return
        }
        let patch = frame.recording(rows: area.y..<area.maxY) { draw(key, &$0) }
        drawn[part.rawValue] = (AnyHashable(key), area, patch)
    }
}

extension ChromeCache? {
    /// Without a cache, `draw` draws.
    func draw<Key: Hashable>(_ part: ChromeCache.Part, _ key: Key, in area: Rect, into frame: inout Frame, _ draw: (Key, inout Frame) -> Void) {
        if let self { self.draw(part, key, in: area, into: &frame, draw) } else { draw(key, &frame) }
    }
}
