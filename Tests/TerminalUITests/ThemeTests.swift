import Testing
@testable import TerminalUI

@Suite struct ThemeTests {
    @Test func aTerminalWithFewColoursGetsMonochrome() {
        #expect(Theme.forTerminal(requested: .dark, colorCount: 256) == .dark)
        #expect(Theme.forTerminal(requested: .light, colorCount: 8) == .light)
        #expect(Theme.forTerminal(requested: .light, colorCount: 2) == .monochrome)
        #expect(Theme.forTerminal(requested: .dark, colorCount: 0) == .monochrome)
        #expect(Theme.forTerminal(requested: .monochrome, colorCount: 256) == .monochrome)
    }

    @Test func settingsNameTheThemes() {
        #expect(Theme.named("dark") == .dark)
        #expect(Theme.named("light") == .light)
        #expect(Theme.named("mono") == .monochrome)
        #expect(Theme.named("solarized") == nil)
    }

    /// Styles that tell states apart must differ without colour.
    @Test(arguments: [
        [Style.pending, .current, .done, .failed, .skipped],
        [Style.normal, .error, .warning, .success, .selected],
        [Style.normal, .selected],
        [Style.key, .hint],
    ])
    func monochromeKeepsStatesApart(group: [Style]) {
        let looks = group.map { Theme.monochrome.look(for: $0).attributes }
        #expect(Set(looks).count == group.count, "\(group) look alike: \(looks)")
    }

    @Test(arguments: [Theme.dark, .light])
    func colourOnlyAddsToTheMonochromeAttributes(theme: Theme) {
        for style in Style.allCases {
            #expect(theme.look(for: style).attributes == Theme.monochrome.look(for: style).attributes)
            #expect(Theme.monochrome.look(for: style).foreground == .default)
        }
    }

    /// The light theme, style by style: `text on background` as the eye sees it (a reversed style
    /// shows its background colour as text on a bar of its foreground colour).
    @Test func theLightThemesMapping() {
        let table = Style.allCases.map { style in
            let look = Theme.light.look(for: style)
            let reversed = look.attributes.contains(.reverse)
            let (text, background) = reversed ? (look.background, look.foreground) : (look.foreground, look.background)
            return "\(style): \(text) on \(background)\(reversed ? " (bar)" : "")"
        }
        #expect(table == [
            "normal: black on white",
            "title: blue on white",
            "selected: white on blue (bar)",
            "error: white on red (bar)",
            "done: green on white",
            "current: black on yellow (bar)",
            "pending: black on white",
            "failed: red on white",
            "skipped: magenta on white",
            "hint: black on white",
            "key: blue on white",
            "border: blue on white",
            "dim: black on white",
            "warning: black on yellow (bar)",
            "success: green on white",
            "code: magenta on white",
        ])
    }

    /// Whatever the terminal's own colours, the light theme paints every cell: text never falls
    /// back to the terminal's default colours, and never sits in a colour the eye loses on white.
    @Test func theLightThemeIsReadableOnAnyTerminal() {
        let readableOnWhite: Set<TerminalColor> = [.black, .blue, .red, .green, .magenta]
        for style in Style.allCases {
            let look = Theme.light.look(for: style)
            #expect(look.foreground != .default && look.background != .default, "\(style) leaves a colour to the terminal")
            #expect(look.foreground != look.background, "\(style) is invisible")
            if !look.attributes.contains(.reverse) {
                #expect(look.background == .white, "\(style) is not on white")
                #expect(readableOnWhite.contains(look.foreground), "\(style) is \(look.foreground) on white")
            }
        }
    }
}
