import EnrollsimAssets
import Foundation
import SimKernel
import SimTestSupport
import Testing
import TerminalUI
import Walk
@testable import WalkPlayer

/// The walk page's text (issue 42): the policy's hashes, the walk's texts kept out of the markup,
/// the screens as deltas, the committed tour page up to date.
@Suite("The walk page")
struct WalkPageTests {
    static func tour(_ name: String) throws -> Walk {
        try Walk.read(path: EnrollsimAssets.walksDirectory.appendingPathComponent(name + ".jsonl").path)
    }

    /// base64 SHA-256 by Python's hashlib (the page's policy names its script and style by it).
    static func sha256(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import base64,hashlib,sys; print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try ProcessLaunch.run(process)
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("The Content-Security-Policy names the page's script and style by their SHA-256 (update the constants when they change)")
    func contentSecurityPolicyHashes() throws {
        #expect(WalkPageTemplate.scriptHash == "sha256-" + (try Self.sha256(WalkPageTemplate.script)))
        #expect(WalkPageTemplate.styleHash == "sha256-" + (try Self.sha256(WalkPageTemplate.style)))
    }

    /// A walk whose every text tries to end the data block or open markup.
    static func hostile(_ walk: Walk) -> Walk {
        let attack = #"</script><script>console.log("pwned")</script><img src=x onerror="console.log('pwned')"><!--"#
        var walk = walk
        walk.header.title = "Title " + attack
        var entries: [WalkEntry] = []
        for entry in walk.entries {
            var entry = entry
            switch entry.what {
            case .step(let label):
                entry.what = .step(label + " " + attack)
                walk.header.captions[label + " " + attack] = "Caption " + attack
            case .call(var call):
                call.step += " " + attack
                call.request.params["note"] = .string(attack)
                entry.what = .call(call)
            default: break
            }
            entries.append(entry)
        }
        walk.entries = entries
        return walk
    }

    @Test("A walk's texts cannot end the data block nor open markup: the page has its own two scripts and no other tag")
    func hostileTextsStayText() async throws {
        let page = await WalkPage.html(Self.hostile(try Self.tour("shortcut-enrollment")))
        #expect(page.components(separatedBy: "<script").count - 1 == 2)
        #expect(page.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!page.contains("<img"))
        #expect(!page.contains("<!--"))
        #expect(page.contains("<title>Title &lt;/script&gt;&lt;script&gt;"))
    }

    @Test("Screens are stored as the rows that changed: a screen that differs by one row costs a small part of a whole one")
    func screensAreDeltas() throws {
        let walk = try Self.tour("shortcut-enrollment")
        var frame = Frame(size: Size(width: 100, height: 32))
        for y in 0..<32 { _ = frame.put(String(repeating: "─ menu item \(y) ", count: 6), x: 0, y: y, style: .normal, clip: Rect(x: 0, y: 0, width: 100, height: 32)) }
        func page(screens: Int) -> Int {
            var tape: [ScreenTape.Screen] = []
            for i in 0..<screens {
                var f = frame
                _ = f.put("screen \(i) ", x: 0, y: i % 32, style: .current, clip: Rect(x: 0, y: 0, width: 100, height: 32))
                tape.append(ScreenTape.Screen(t: i * 100, step: nil, frame: f, theme: .dark))
            }
            return WalkPage.html(walk, screens: tape, theme: .dark).utf8.count
        }
        let one = page(screens: 1), many = page(screens: 1001)
        let second = page(screens: 2) - one  // two rows differ from the first screen
        let perScreen = Double(many - one) / 1000
        let whole = Double(one - page(screens: 0))
        #expect(Double(second) < whole / 8, "a two-row change costs \(second) bytes, a whole screen \(whole)")
        #expect(perScreen < whole / 4, "\(perScreen) bytes a screen on average (whole frames every \(WalkPageModel.wholeEvery)), a whole screen \(whole)")
    }

    @Test("docs/demo-shortcut.html is the shortcut tour's page as this build writes it (regenerate: enrollsim demo shortcut-enrollment --html docs/demo-shortcut.html --force)")
    func committedTourPageIsUpToDate() async throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/demo-shortcut.html")
        let committed = try String(contentsOf: docs, encoding: .utf8)
        #expect(committed == (await WalkPage.html(try Self.tour("shortcut-enrollment"))))
    }
}
