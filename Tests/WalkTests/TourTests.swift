import EnrollsimAssets
import Foundation
import Screens
import SimWorld
import Testing
import TerminalUI
import Walk
import WalkPlayer

/// The demo tours: each script still reaches its end on today's front and world, and each tour kept
/// in Assets/walks replays with every answer as recorded and every expectation met (`replay --check`). ENROLLSIM_RECORD_TOURS=1
/// writes the freshly recorded tours into Assets/walks.
@Suite struct TourTests {
    static let walksDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/walks").standardized

    @Test(arguments: Tours.all.map(\.name))
    func theScriptReachesItsEnd(_ name: String) async throws {
        let tour = try #require(Tours.all.first { $0.name == name })
        let path = WalkTests.temporary(name + ".jsonl")
        let (ok, screen) = try await Tours.record(tour, to: path)
        #expect(ok, "\(name) stopped at:\n\(screen)")
        if ok && ProcessInfo.processInfo.environment["ENROLLSIM_RECORD_TOURS"] == "1" {
            let target = Self.walksDirectory.appendingPathComponent(name + ".jsonl").path
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: path, toPath: target)
        }
    }

    @Test func everyKeptTourReplaysWithCheck() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: EnrollsimAssets.walksDirectory.path).filter { $0.hasSuffix(".jsonl") }
        #expect(Set(files.map { String($0.dropLast(6)) }).isSuperset(of: Tours.all.map(\.name)))
        for file in files {
            let path = EnrollsimAssets.walksDirectory.appendingPathComponent(file).path
            let walk = try Walk.read(path: path)
            let report = try await WalkScreenCheck.check(walk, file: path, open: WalkTests.inProcess)
            #expect(report.divergence == nil, "\(report.divergence?.description ?? "")")
            #expect(report.calls >= 3)
            // Each tour asserts what its key moments showed (issue 29), and they still hold.
            #expect(report.expectations >= 1, "\(file) keeps no expectation")
        }
    }

    @Test("Every kept tour plays at 80×24 and 120×40: each step's caption whole under the screen, laid out at the terminal's size",
          arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func toursPlayAtAnySize(_ size: Size) async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: EnrollsimAssets.walksDirectory.path).filter { $0.hasSuffix(".jsonl") }
        for file in files {
            let walk = try Walk.read(path: EnrollsimAssets.walksDirectory.appendingPathComponent(file).path)
            let session = await WalkSession(walk)
            var step = ""
            for entry in walk.entries {
                if case .step(let label) = entry.what { step = label }
                await session.play(entry)
                guard let caption = walk.header.captions[step] else { continue }
                let chrome = "▶ replay · \(step) · \(caption) · Space pauses · q quits"
                let frame = ReplayLayout.frame(session.state, chrome: chrome, size: size)
                let rows = (0..<size.height).map { frame.line($0) }
                #expect(!rows.contains { $0.contains("Terminal too small") }, "\(file) at \(step)")
                let bottom = rows.suffix(ReplayLayout.maximumChromeRows).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                #expect(bottom.contains(caption), "\(file): the caption of \(step) is cut at \(size.width)×\(size.height):\n\(bottom)")
                // The title bar runs the terminal's width: the screen is laid out at this size, not the recorded one.
                #expect(rows[0].trimmingCharacters(in: .whitespaces).count > size.width - 20, "\(file) at \(step): \(rows[0])")
            }
        }
    }
}
