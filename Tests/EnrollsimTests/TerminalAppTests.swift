import Enrollment
import Foundation
import Testing
import TerminalUI
@testable import enrollsim

/// The loop between the driver and the store: a burst of input (a paste, a flood of keys) costs
/// one frame, not one per key, and a quit or a signal inside a burst is obeyed at once.
@Suite struct TerminalAppTests {
    /// The session screen, whose first field (the scenario, "fresh") has the focus; nothing here
    /// opens a backend.
    static func app(_ driver: MemoryDriver) -> TerminalApp {
        TerminalApp(driver: driver, config: SessionConfig(), connector: { _ in .failure(Store.ConnectError("no backend in this test")) })
    }

    static func keys(_ count: Int) -> [TerminalEvent] {
        Array(repeating: .key(.char("x")), count: count)
    }

    /// `i` starts editing the focused field, then `count` keys are typed into it.
    static func typing(_ count: Int) -> [TerminalEvent] {
        [.key(.char("i"))] + keys(count)
    }

    @Test func tenThousandKeysInOneBurstAreOneFrame() async {
        let driver = MemoryDriver(events: Self.typing(10_000))
        driver.pause()
        driver.enqueue([.key(.ctrlC)])
        let app = Self.app(driver)
        guard case .quit = await app.run() else { Issue.record("Ctrl-C did not quit"); return }
        // The first frame, then one for the whole burst.
        #expect(driver.frames.count == 2)
        let scenario = app.latest.peek().session.form[.scenario]
        #expect(scenario == "fresh" + String(repeating: "x", count: FieldValidation.textLimit - 5))
        #expect(driver.lastFrame?.textSnapshot.contains("Scenario   [xxxxxxxx") == true, "\(driver.lastFrame?.textSnapshot ?? "")")
    }

    @Test func aPasteIsOneInsertionAndOneFrame() async {
        let driver = MemoryDriver(events: [.paste(String(repeating: "0123456789", count: 1_024))])
        driver.pause()
        driver.enqueue([.key(.ctrlC)])
        let app = Self.app(driver)
        guard case .quit = await app.run() else { Issue.record("Ctrl-C did not quit"); return }
        #expect(driver.frames.count == 2)
        let text = driver.lastFrame?.textSnapshot ?? ""
        #expect(text.contains("Paste into Scenario: 1019 of 10240 characters kept"), "\(text)")
    }

    @Test func aSignalInsideABurstEndsItThere() async {
        let driver = MemoryDriver(events: Self.typing(300) + [.signal(.terminate)] + Self.keys(300))
        let app = Self.app(driver)
        guard case .signal(.terminate) = await app.run() else { Issue.record("SIGTERM did not end the loop"); return }
        #expect(app.latest.peek().session.form[.scenario] == "fresh" + String(repeating: "x", count: 300))
        #expect(driver.frames.count == 1)
    }

    @Test func ctrlCInsideABurstQuitsBeforeTheKeysAfterIt() async {
        let driver = MemoryDriver(events: Self.typing(300) + [.key(.ctrlC)] + Self.keys(300))
        let app = Self.app(driver)
        guard case .quit = await app.run() else { Issue.record("Ctrl-C did not quit"); return }
        #expect(app.latest.peek().session.form[.scenario] == "fresh" + String(repeating: "x", count: 300))
    }
}

/// F12 saves the screen as it is: plain text equal to the frame, and SVG with its text, named after
/// the screen; the notice says where.
@Suite struct ScreenshotKeyTests {
    @Test func f12SavesTheScreenAsTextAndSVG() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-shot-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let driver = MemoryDriver(events: [.key(.function(12))])
        driver.pause()
        driver.enqueue([.key(.ctrlC)])
        let app = TerminalApp(driver: driver, config: SessionConfig(), connector: { _ in .failure(Store.ConnectError("none")) },
                              screenshots: dir)
        guard case .quit = await app.run() else { Issue.record("Ctrl-C did not quit"); return }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == ["enrollsim-session-start.svg", "enrollsim-session-start.txt"])
        let text = try String(contentsOfFile: dir + "/enrollsim-session-start.txt", encoding: .utf8)
        #expect(text == driver.frames[0].textSnapshot + "\n")
        let svg = try String(contentsOfFile: dir + "/enrollsim-session-start.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">Scenario</text>") || svg.contains("Scenario"))
        #expect(app.latest.peek().notice?.label == "Screenshot saved: \(dir)/enrollsim-session-start.txt, \(dir)/enrollsim-session-start.svg.")
        #expect(driver.lastFrame?.textSnapshot.contains("Screenshot saved:") == true, "\(driver.lastFrame?.textSnapshot ?? "")")
    }
}
