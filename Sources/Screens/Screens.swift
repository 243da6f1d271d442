import Enrollment
import TerminalUI

/// `render(state, size) -> Frame`, for every screen: the chrome (title bar, banner, help bar,
/// overlays) around the route's own content. Pure: the same state and size give the same frame.
public enum Screens {
    /// Below this, screens do not fit: a "terminal too small" screen says so.
    public static let minimumSize = Size.minimum

    /// `minimum`: smaller only for a player that keeps rows of its own below the screens. Drawn with
    /// the terminal loop's table (no help texts: the help bar shows titles, and the overlay builds
    /// the whole table), so the frame is the one the loop paints.
    public static func render(_ state: AppState, size: Size, tick: Int = 0, minimum: Size = minimumSize) -> Frame {
        render(state, size: size, tick: tick, minimum: minimum, keymap: AppKeymap.keymap(for: state, helpTexts: false))
    }

    /// Renders with `keymap`, the state's (`AppKeymap.keymap(for:)`, its help texts not needed:
    /// the help bar shows titles), which the caller keeps for the keys pressed on this frame.
    public static func render(_ state: AppState, size: Size, tick: Int = 0, minimum: Size = minimumSize, keymap: Keymap<UICommand>) -> Frame {
        render(state, size: size, tick: tick, minimum: minimum, keymap: keymap, chrome: nil)
    }

    /// `chrome`: the title bar, the banner and the help bar as last drawn (`ScreenPainter`), put
    /// back instead of drawn again when what they show did not change; nil draws them.
    static func render(_ state: AppState, size: Size, tick: Int, minimum: Size, keymap: Keymap<UICommand>, chrome: ChromeCache?) -> Frame {
        var frame = Frame(size: size)
        guard size.fits(minimum) else {
            TooSmallScreen.render(size: size, into: &frame)
            return frame
        }
        let banner = state.notice.map { notice in chrome?.banner(notice, width: size.width) ?? BannerView.widget(notice).laidOut(forWidth: size.width) }
        let bannerHeight = banner?.height(forWidth: size.width) ?? 0
        // Step pacing's panel: the whole request when a third of the height holds it (9 rows at least).
        let stagedLines = state.stagedRequestText.map { $0.split(separator: "\n").count + 3 } ?? 0
        let stagedHeight = state.staged == nil ? 0 : min(stagedLines, max(9, size.height / 3))
        let parts = chrome?.parts(size: size, staged: stagedHeight, banner: bannerHeight)
            ?? frame.bounds.splitRows([.fixed(1), .fixed(1), .fill(), .fixed(stagedHeight), .fixed(bannerHeight), .fixed(1)])
        chrome.draw(.title, TitleBar.line(state, tick: tick, area: parts[0]), in: parts[0], into: &frame) { $0.draw(into: &$1, area: parts[0]) }
        frame.fill(parts[1], glyph: "─", style: .border)
        let content = parts[2].inset(left: 1, right: 1)
        screen(of: state.route)?(state, &frame, content)
        if stagedHeight > 0 { StagedCallView.render(state, into: &frame, area: parts[3]) }
        if let banner, let notice = state.notice {
            chrome.draw(.banner, notice, in: parts[4], into: &frame) { _, frame in frame.render(banner, in: parts[4]) }
        }
        chrome.draw(.help, keymap.bindings, in: parts[5], into: &frame) { _, frame in frame.render(HelpBar(keymap: keymap), in: parts[5]) }
        if state.isAwaitingConfirmation { ConfirmationView.render(state, into: &frame, area: parts[2]) }
        if state.confirmingQuit {
            var dialog = Dialog(title: "Quit?", body: "A flow is under way. Quit anyway?\nEnter quits, Esc goes back.",
                                buttons: ["Quit", "Stay"], style: .warning)
            dialog.buttonKeys = [.enter, .escape]
            frame.render(dialog, in: frame.bounds)
        }
        if state.palette != nil {
            frame.cursor = nil
            PaletteView.render(state, into: &frame, area: frame.bounds.inset(top: 1, bottom: 1))
        }
        if state.showHelp {
            frame.cursor = nil
            frame.render(helpOverlay(state, size: size), in: helpArea(size))
        }
        return frame
    }

    /// Draws one route's content.
    public typealias Draw = @Sendable (AppState, inout Frame, Rect) -> Void

    /// The screens of the routes no system owns: the session, Home (with the system's right
    /// column), the simulator panel (with the system's sections), the API log, coverage.
    static let shell: [RegisteredScreen] = [
        RegisteredScreen(.start) { StartScreen.render($0.session, ScreenContext($0), into: &$1, area: $2) },
        RegisteredScreen(.home) { state, frame, area in
            let system = state.session.config.system
            let panel = SystemScreens.of(system)?.homePanel
            HomeScreen.render(state.home, system: system, panel: { panel?(state, &$0, $1) }, into: &frame, area: area)
        },
        RegisteredScreen(.simulator) { state, frame, area in
            let sections = SystemScreens.of(state.simulator.system)
            SimulatorScreen.render(state.simulator, ScreenContext(state), left: sections?.simulator.map { draw in { draw(state, &$0, $1) } },
                                   aboveFaults: sections?.simulatorAboveFaults.map { draw in { draw(state, &$0, $1) } }, into: &frame, area: area)
        },
        RegisteredScreen(APILogBrowser.self, route: .log, render: LogScreen.render),
        RegisteredScreen(.coverage) { CoverageScreen.render($0.coverage, report: $0.sessionCoverage, into: &$1, area: $2) },
    ]

    /// The built-in screens by route: the shell's, then each built-in system's (`SystemScreens`).
    static let builtin: [Route: Draw] = Dictionary(uniqueKeysWithValues: (shell + SystemScreens.builtin.flatMap(\.screens)).map { ($0.route, $0.draw) })

    /// Runs `body` with `systems`' screens drawn (their flows' screens, Home panels and simulator
    /// sections): as `SystemFronts.registering` for the front.
    public static func registering<R>(_ systems: [SystemScreen], _ body: () async throws -> R) async rethrows -> R {
        try await SystemScreens.$added.withValue(SystemScreens.added + systems, operation: body)
    }

    /// What draws a route's content: a built-in screen, or a registered system's.
    static func screen(of route: Route) -> Draw? {
        builtin[route] ?? SystemScreens.added.lazy.flatMap(\.screens).first { $0.route == route }?.draw
    }

    /// The `?` overlay for this state: the screen's keys, scrolled to `helpOffset`; its title says
    /// how to scroll when it is taller than the screen.
    static func helpOverlay(_ state: AppState, size: Size) -> HelpOverlay<UICommand> {
        var overlay = HelpOverlay(keymap: AppKeymap.keymap(for: state), title: "", offset: state.helpOffset)
        let scrolls = overlay.maxOffset(in: helpArea(size)) > 0
        overlay.title = "\(state.route.title) — keys (\(scrolls ? "↓↑ PgDn End scroll, " : "")Esc closes)"
        return overlay
    }

    static func helpArea(_ size: Size) -> Rect { Rect(x: 0, y: 0, width: size.width, height: size.height).inset(top: 1, bottom: 1) }
}
