import CustomDump
import Enrollment
import PIMS
import Testing
import Walk

/// The QA workbench's keys (issue 29): F7 marks the screen's title and banner as expected, F10
/// asks for a bug-report bundle; both from any screen and from the palette.
@Suite struct WorkbenchTests {
    @Test func markingRecordsTheTitleAndTheBannerAndSaysSoInTheTitleBarOnly() {
        var s = ReducerTests.home()
        s.notice = Notice(kind: .error, code: "2308", label: "Wrong PIN", detail: "2 attempts left", advice: "Type the PIN again.")
        var expected = s
        let effects = reduce(&s, .choose(.markExpected))
        expected.markedExpected = true
        expectNoDifference(s, expected)
        #expect(effects == [.markExpected([WalkExpectation(.text("Home"), in: .title), WalkExpectation(.text("2308 · Wrong PIN"), in: .banner)])])

        // An answer arriving leaves the mark shown; the next key clears it.
        _ = reduce(&s, .screenshotSaved(paths: ["a.txt"], error: nil))
        #expect(s.markedExpected)
        _ = reduce(&s, .moveSelection(1))
        #expect(!s.markedExpected)
    }

    @Test func withoutABannerOnlyTheTitleIsMarked() {
        var s = ReducerTests.home()
        s.notice = nil
        #expect(reduce(&s, .choose(.markExpected)) == [.markExpected([WalkExpectation(.text("Home"), in: .title)])])
    }

    @Test func aReportIsAskedOfTheRuntimeAndItsOutcomeShown() {
        var s = ReducerTests.home()
        #expect(reduce(&s, .choose(.report)) == [.bugReport])
        _ = reduce(&s, .reported(path: "/tmp/enrollsim-report-x.tar.gz", error: nil))
        #expect(s.notice?.label == "Bug report written: /tmp/enrollsim-report-x.tar.gz.")
        _ = reduce(&s, .reported(path: nil, error: "No space left on device"))
        #expect(s.notice?.kind == .warning)
        #expect(s.notice?.label == "The bug report was not written: No space left on device.")
    }

    @Test func thePaletteOffersBothFromAnyScreen() {
        var s = ReducerTests.home()
        s.route = .log
        let titles = s.paletteEntries.filter { $0.screen == "Any screen" }.map { "\($0.title) \($0.key)" }
        #expect(titles == ["mark expected F7", "bug report F10"])
        var palette = CommandPalette()
        palette.query = "bug rep"
        s.palette = palette
        #expect(s.paletteMatches.first?.title == "bug report")
        #expect(reduce(&s, .submit) == [.bugReport])
        #expect(s.palette == nil)
    }
}
