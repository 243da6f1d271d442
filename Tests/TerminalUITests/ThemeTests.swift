import Testing
@testable import TerminalUI

@Suite struct ThemeTests {
    @Test func noColorPicksMonochrome() {
        #expect(Theme.forTerminal(environment: ["NO_COLOR": "1"], colorCount: 256) == .monochrome)
        #expect(Theme.forTerminal(environment: ["NO_COLOR": ""], colorCount: 256) == .color)
        #expect(Theme.forTerminal(environment: [:], colorCount: 2) == .monochrome)
        #expect(Theme.forTerminal(environment: [:], colorCount: 8) == .color)
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

    @Test func colourOnlyAddsToTheMonochromeAttributes() {
        for style in Style.allCases {
            #expect(Theme.color.look(for: style).attributes == Theme.monochrome.look(for: style).attributes)
            #expect(Theme.monochrome.look(for: style).foreground == .default)
        }
    }
}
