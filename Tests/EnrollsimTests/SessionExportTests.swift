import Enrollment
import Foundation
import SimKernel
import Screens
import SimWorld
import Testing
import TerminalUI
import Walk
import WalkPlayer
@testable import enrollsim

/// Issue 12.4: the API log's exports are the session the app kept as a walk, written by the Walk
/// module's exporters into the working directory, never over a file.
@Suite struct SessionExportTests {
    @Test func theSessionSoFarIsWrittenAsMarkdownBatchAndAsciicast() async throws {
        var config = SessionConfig()
        config.backend = .inProcess(scenario: "fresh")
        let recorder = try WalkRecorder.start(path: nil, config: config, width: 80, height: 24)
        let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
        let store = Store(state: AppState(config: config), connector: { _ in .success(Store.Opened(backend)) },
                          tap: { recorder.record($0) })
        let tape = ScreenTape(theme: .dark)
        for action in [Action.submit, .choose(.open(.guided))] {
            recorder.key("Enter")
            await store.send(action)
            await store.settle()
            // What the terminal loop does at each paint.
            tape.record(Screens.render(await store.state, size: Size(width: 80, height: 24)), t: recorder.elapsed, step: recorder.currentStep)
        }
        let calls = await store.state.log.entries.count
        #expect(calls >= 4)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-export-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)

        let markdown = try #require(try await SessionExporter.export(.markdown, recorder: recorder, tape: tape, theme: .dark, directory: dir).get())
        #expect(markdown == dir + "/enrollsim-session-2026-01-05T09-00-00Z.md")
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("## Enrollment · step 3"))
        #expect(text.contains("```mermaid\nsequenceDiagram"))

        let batch = try #require(try await SessionExporter.export(.batch, recorder: recorder, tape: tape, theme: .dark, directory: dir).get())
        let lines = try String(contentsOfFile: batch, encoding: .utf8).split(separator: "\n")
        // The world's load first, then every call (and the panels' controls) in order.
        #expect(lines.filter { $0.contains("\"name\":\"pims.") }.count == calls)
        #expect(lines.first?.contains("\"load\"") == true)

        // A second export of the same kind goes beside the first.
        let again = try #require(try await SessionExporter.export(.markdown, recorder: recorder, tape: tape, theme: .dark, directory: dir).get())
        #expect(again == dir + "/enrollsim-session-2026-01-05T09-00-00Z-2.md")

        let cast = try #require(try await SessionExporter.export(.asciicast, recorder: recorder, tape: tape, theme: .dark, directory: dir).get())
        let castLines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        let json = try JSONText.parse(String(try #require(castLines.first)))
        #expect(json["version"]?.intValue == 2)
        #expect(json["width"]?.intValue == 80)
        #expect(json["title"]?.stringValue == "enrollsim session")
        // The screens painted, each after a marker for the flow step it was painted in.
        #expect(castLines.filter { $0.contains(#", "o", "#) }.count == 2)
        #expect(castLines.filter { $0.contains(#", "m", "#) }.map { $0.split(separator: ", ").last ?? "" }
                 == [#""Session · login"]"#, #""Enrollment · step 3"]"#], "\(castLines.map { $0.prefix(60) })")
    }

    /// Issue 30: the TUI's asciicast export is written from the last screens painted, kept as they
    /// are painted: a session four times as long gives the same count of screens and a file no
    /// larger, whatever was shown before (no replay of the session).
    @Test func aLongSessionsAsciicastIsTheLastScreensPainted() throws {
        func screen(_ i: Int, width: Int = 80) -> Frame {
            var frame = Frame(size: Size(width: width, height: 24))
            _ = frame.put("screen \(i)", x: 0, y: 0)
            return frame
        }
        var sizes: [Int] = []
        for painted in [1_000, 4_000] {
            let tape = ScreenTape(theme: .dark)
            for i in 0..<painted {
                tape.record(screen(i), t: 10 * i, step: "step \(i / 100)")
                tape.record(screen(i), t: 10 * i + 5, step: "step \(i / 100)")  // the same screen again is not kept twice
            }
            tape.record(screen(painted, width: 100), t: 10 * painted, step: nil)  // a resize
            let cast = Asciicast.cast(tape, title: "enrollsim session")
            #expect(cast.kept == Asciicast.sessionScreens)
            #expect(cast.seen == painted + 1)
            let lines = cast.text.split(separator: "\n")
            #expect(lines.filter { $0.contains(#", "o", "#) }.count == Asciicast.sessionScreens)
            #expect(lines.filter { $0.contains(#", "r", "100x24"]"#) }.count == 1)
            #expect(lines.filter { $0.contains(#", "m", "#) }.count == 5)  // the steps among the last 500 screens
            let title = try JSONText.parse(String(try #require(lines.first)))["title"]?.stringValue
            #expect(title == "enrollsim session (the last 500 of \(painted + 1) screens)")
            #expect(cast.text.contains("screen \(painted - 499) "))
            #expect(!cast.text.contains("screen \(painted - 500) "))  // older screens are gone
            sizes.append(cast.text.utf8.count)
        }
        #expect(sizes[1] <= sizes[0] + 1_000, "\(sizes)")  // the same count of screens, a few digits longer
    }
}
