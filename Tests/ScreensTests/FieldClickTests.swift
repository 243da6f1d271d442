import Enrollment
import Screens
import Testing
import TerminalUI

/// Issue 9.1: a click on a field starts editing it, as `i` does, through the keymap.
@Suite struct FieldClickTests {
    /// Where `label` is drawn on the frame.
    func position(of label: String, in frame: Frame) -> Point? {
        for (y, line) in frame.textSnapshot.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = line.range(of: label) { return Point(x: line.distance(from: line.startIndex, to: r.lowerBound), y: y) }
        }
        return nil
    }

    @Test func aClickOnAnotherFieldMovesThereAndEditsIt() async throws {
        let h = try await ScreenHarness.start("enrolled", login: false)
        #expect(await !h.state.editing)
        let frame = await h.frame()
        let device = try #require(position(of: "Device id", in: frame))
        let keys = try #require(frame.keys(forClickAt: device))
        #expect(keys.last == .char("i"))
        for key in keys { try await h.press(key) }
        let state = await h.state
        #expect(state.editing)
        #expect(state.focusedField?.id == .device)
        // While a field is edited, a click on another field moves there without typing an `i`.
        let again = await h.frame()
        let scenario = try #require(position(of: "Scenario", in: again))
        let moves = try #require(again.keys(forClickAt: scenario))
        #expect(!moves.contains(.char("i")))
        for key in moves { try await h.press(key) }
        #expect(await h.state.focusedField?.id == .scenario)
        #expect(await h.state.editing)
    }
}
