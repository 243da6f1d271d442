import Enrollment
import Foundation
import SimKernel
import SimWorld
import Testing
import Walk
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
        for action in [Action.submit, .choose(.open(.guided))] {
            recorder.key("Enter")
            await store.send(action)
            await store.settle()
        }
        let calls = await store.state.log.entries.count
        #expect(calls >= 4)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-export-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)

        let markdown = try #require(try await SessionExporter.export(.markdown, recorder: recorder, theme: .dark, directory: dir).get())
        #expect(markdown == dir + "/enrollsim-session-2026-01-05T09-00-00Z.md")
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("## Enrollment · step 3"))
        #expect(text.contains("```mermaid\nsequenceDiagram"))

        let batch = try #require(try await SessionExporter.export(.batch, recorder: recorder, theme: .dark, directory: dir).get())
        let lines = try String(contentsOfFile: batch, encoding: .utf8).split(separator: "\n")
        // The world's load first, then every call (and the panels' controls) in order.
        #expect(lines.filter { $0.contains("\"name\":\"pims.") }.count == calls)
        #expect(lines.first?.contains("\"load\"") == true)

        // A second export of the same kind goes beside the first.
        let again = try #require(try await SessionExporter.export(.markdown, recorder: recorder, theme: .dark, directory: dir).get())
        #expect(again == dir + "/enrollsim-session-2026-01-05T09-00-00Z-2.md")

        let cast = try #require(try await SessionExporter.export(.asciicast, recorder: recorder, theme: .dark, directory: dir).get())
        let header = try #require(try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").first)
        let json = try JSONText.parse(String(header))
        #expect(json["version"]?.intValue == 2)
        #expect(json["width"]?.intValue == 80)
    }
}
