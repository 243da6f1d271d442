import EnrollsimAssets
import Foundation
import SimWorld
import Testing
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
}
