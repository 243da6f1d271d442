import EnrollsimAssets
import Foundation
import SimKernel
import SimWorld
import TerminalUI
import Testing
import Walk
import WalkPlayer

/// The bug-report bundle (issue 29): a .tar.gz that tar reads, holding the walk, the world, the
/// screen, the API log and a manifest with secrets masked; read back for replay and serve.
@Suite struct BugReportTests {
    static func report() async throws -> BugReport {
        let path = EnrollsimAssets.walksDirectory.appendingPathComponent("shortcut-enrollment.jsonl").path
        let walk = try Walk.read(path: path)
        let session = await WalkSession(walk)
        for entry in walk.entries { await session.play(entry) }
        let world = try ScenarioExporter.yaml(try ScenarioLoader.load(.named("enrolled")))
        return BugReport(walk: walk, world: world, screen: session.frame, theme: .dark, version: "0.3.0",
                         created: Date(timeIntervalSince1970: 1_790_000_000),
                         settings: ["theme": "dark", "admin-token": "s3cret-admin-token", "scenario": "fresh"])
    }

    @Test func tarReadsTheBundleAndItHoldsEveryPart() async throws {
        let report = try await Self.report()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let bundle = dir.appendingPathComponent(BugReport.fileName(at: report.created))
        #expect(bundle.lastPathComponent == "enrollsim-report-20260921T141320Z.tar.gz")
        try report.archive().write(to: bundle)

        let listed = try runProgram("/bin/tar", ["-tzvf", bundle.path])
        #expect(listed.status == 0, "\(listed.output)")
        for name in ["manifest.json", "walk.jsonl", "world.yaml", "screen.txt", "screen.svg", "api-log.md", "walk.html"] {
            #expect(listed.output.contains(name), "\(name) missing:\n\(listed.output)")
        }
        #expect(listed.output.contains("-rw-------"), "\(listed.output)")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        #expect(try runProgram("/bin/tar", ["-xzf", bundle.path, "-C", out.path]).status == 0)
        #expect(try String(contentsOf: out.appendingPathComponent("walk.jsonl"), encoding: .utf8) == report.walk.text)
        #expect(try String(contentsOf: out.appendingPathComponent("world.yaml"), encoding: .utf8) == report.world)
        #expect(try String(contentsOf: out.appendingPathComponent("screen.txt"), encoding: .utf8).contains("alice-iphone is enrolled"))
        #expect(try String(contentsOf: out.appendingPathComponent("screen.svg"), encoding: .utf8).hasPrefix("<svg"))
        #expect(try String(contentsOf: out.appendingPathComponent("api-log.md"), encoding: .utf8).contains("pims.authentication.enrollment"))
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(!manifest.contains("s3cret"), "a secret written: \(manifest)")
        #expect(manifest.contains(#""admin-token":"••••""#) && manifest.contains(#""theme":"dark""#), "\(manifest)")
        #expect(manifest.contains(#""enrollsim":"0.3.0""#))

        let read = try BugReport.read(path: bundle.path)
        #expect(read.walk == report.walk)
        #expect(read.world == report.world)
        #expect(read.manifest["created"] == "2026-09-21T14:13:20Z")
        // Its world is a scenario any backend loads.
        #expect(try ScenarioLoader.parse(yaml: read.world, origin: "bundle").name == "enrolled")
    }

    @Test func aDamagedOrForeignFileIsRefusedWithWhatIsWrong() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let text = dir.appendingPathComponent("notes.tar.gz")
        try "plain text".write(to: text, atomically: true, encoding: .utf8)
        #expect { try BugReport.read(path: text.path) } throws: { "\($0)".contains("notes.tar.gz: not a bug-report bundle: not a gzip file") }

        let full = try await Self.report().archive()
        let cut = dir.appendingPathComponent("cut.tar.gz")
        try full.prefix(full.count / 2).write(to: cut)
        #expect { try BugReport.read(path: cut.path) } throws: { "\($0)".contains("cut.tar.gz: not a bug-report bundle") }

        let partial = dir.appendingPathComponent("partial.tar.gz")
        try TarGzip.archive([TarGzip.Entry(name: "walk.jsonl", data: Data(try await Self.report().walk.text.utf8))]).write(to: partial)
        #expect { try BugReport.read(path: partial.path) } throws: { "\($0)".contains("partial.tar.gz: the bundle holds no manifest.json") }
    }
}

/// A damaged tar header (a negative size, a wrong checksum) is refused, never trusted.
@Suite struct TarGzipRefusalTests {
    static func tampered(_ edit: (inout [UInt8]) -> Void) throws -> Data {
        let archive = try TarGzip.archive([TarGzip.Entry(name: "walk.jsonl", data: Data("x\n".utf8))])
        var tar = [UInt8](try TarGzip.gunzip(archive))
        edit(&tar)
        return try TarGzip.gzip(Data(tar))
    }

    @Test func aNegativeSizeIsRefused() throws {
        let data = try Self.tampered { tar in
            let size = Array("-0000002000\0".utf8)
            for (i, b) in size.enumerated() { tar[124 + i] = b }
            // A checksum that agrees, so only the size is wrong.
            var sum = 0
            for (i, b) in tar[0..<512].enumerated() { sum += (148..<156).contains(i) ? 32 : Int(b) }
            let field = Array((String(repeating: "0", count: 6) + String(sum, radix: 8)).suffix(6).utf8) + [0, 32]
            for (i, b) in field.enumerated() { tar[148 + i] = b }
        }
        #expect { try TarGzip.extract(data) } throws: { "\($0)".contains("has no size") }
    }

    @Test func aWrongChecksumIsRefused() throws {
        let data = try Self.tampered { tar in tar[0] = UInt8(ascii: "W") }
        #expect { try TarGzip.extract(data) } throws: { "\($0)".contains("header is damaged") }
    }
}
