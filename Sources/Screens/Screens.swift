import Enrollment
import TerminalUI

/// `render(state, size) -> Frame`, for every screen: the chrome (title bar, banner, help bar,
/// overlays) around the route's own content. Pure: the same state and size give the same frame.
public enum Screens {
    /// Below this, screens do not fit: a "terminal too small" screen says so.
    public static let minimumSize = Size.minimum

    /// `minimum`: smaller only for a player that keeps rows of its own below the screens.
    public static func render(_ state: AppState, size: Size, tick: Int = 0, minimum: Size = minimumSize) -> Frame {
        render(state, size: size, tick: tick, minimum: minimum, keymap: AppKeymap.keymap(for: state))
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

    /// The built-in screens, by route. Each draws its feature's state and a `ScreenContext`; a few
    /// take one more value read here (another feature's state they show, a report over the log, the
    /// system's own sections of Home and the simulator panel, which `SystemScreens` draws).
    static let builtin: [Route: Draw] = [
        .start: { StartScreen.render($0.session, ScreenContext($0), into: &$1, area: $2) },
        .home: { state, frame, area in
            let system = state.session.config.system
            HomeScreen.render(state.home, system: system, panel: { SystemScreens.of(system)?.homePanel(state, &$0, $1) },
                              into: &frame, area: area)
        },
        .guided: { GuidedScreen.render($0.guided, ScreenContext($0), into: &$1, area: $2) },
        .account: { AccountScreen.render($0.account, ScreenContext($0), into: &$1, area: $2) },
        .otp: RegisteredScreen(StrongAuthentication.self, route: .otp, render: OTPScreen.render).draw,
        .steps: { StepsScreen.render($0.steps, ScreenContext($0), into: &$1, area: $2) },
        .carKey: { CarKeyScreen.render($0.carKey, ScreenContext($0), into: &$1, area: $2) },
        .simulator: { state, frame, area in
            let sections = SystemScreens.of(state.simulator.system)
            SimulatorScreen.render(state.simulator, ScreenContext(state), left: sections.map { s in { s.simulator(state, &$0, $1) } },
                                   aboveFaults: sections?.simulatorAboveFaults.map { draw in { draw(state, &$0, $1) } }, into: &frame, area: area)
        },
        .log: RegisteredScreen(APILogBrowser.self, route: .log, render: LogScreen.render).draw,
        .futurae: { FuturaeScreen.render($0.futurae, ScreenContext($0), into: &$1, area: $2) },
        .futuraeAccounts: RegisteredScreen(FuturaeAccounts.self, route: .futuraeAccounts, render: FuturaeAccountsScreen.render).draw,
        .coverage: { CoverageScreen.render($0.coverage, report: $0.sessionCoverage, into: &$1, area: $2) },
        .card: { CardPhoneScreen.render($0.cardPhone, ScreenContext($0), into: &$1, area: $2) },
        .cardShop: RegisteredScreen(CardShop.self, route: .cardShop, render: CardShopScreen.render).draw,
        .cardAccounts: {
            CardAccountsScreen.render($0.cardAccounts, pendingCodes: $0.cardShop.issuer.pendingCodes, ScreenContext($0), into: &$1, area: $2)
        },
        .futuraeLogin: { FuturaeLoginScreen.render($0.futuraeLogin, lock: $0.futuraeAccounts.lock, ScreenContext($0), into: &$1, area: $2) },
        .vehicle: { VehicleScreen.render($0.vehicle, ScreenContext($0), into: &$1, area: $2) },
    ]

    /// Screens registered from outside the module (a test target's), for the task that registered
    /// them and the tasks it starts.
    @TaskLocal static var added: [RegisteredScreen] = []

    /// Runs `body` with `screens` drawn for their routes: as `SystemFronts.registering` for the front.
    public static func registering<R>(_ screens: [RegisteredScreen], _ body: () async throws -> R) async rethrows -> R {
        try await $added.withValue(added + screens, operation: body)
    }

    /// What draws a route's content: a built-in screen, or a registered one.
    static func screen(of route: Route) -> Draw? {
        builtin[route] ?? added.first { $0.route == route }?.draw
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
