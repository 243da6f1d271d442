import EnrollsimAssets
import Foundation
import SimKernel
import SimTestSupport
import Testing
import TerminalUI
import Walk
@testable import WalkPlayer

/// The walk page in real browsers (issue 42): Debian's headless Chromium driven over its DevTools
/// protocol (Browser/cdp.py, Python's standard library), and Firefox ESR's headless screenshot.
/// The tests wait for what the page shows, with generous limits; they never time it.
@Suite("The walk page in a browser", .serialized)
struct WalkPageBrowserTests {
    struct Run {
        let results: [JSONValue]
        let console: [String]
        let exceptions: [String]
        let violations: [String]
        let requests: [String]
    }

    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walk-page-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    static func executable(_ names: [String]) -> String? {
        names.flatMap { ["/usr/bin/\($0)", "/usr/local/bin/\($0)"] }.first(where: FileManager.default.isExecutableFile)
    }

    /// Runs `actions` (see cdp.py) in a fresh headless Chromium.
    static func chromium(_ actions: [JSONValue]) throws -> Run {
        let browser = try #require(executable(["chromium"]), "chromium is not installed (.ci/run installs it: apt-get install chromium)")
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/cdp.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver, browser]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try ProcessLaunch.run(process)
        input.fileHandleForWriting.write(Data(JSONText.encode(.array(actions)).utf8))
        try input.fileHandleForWriting.close()
        // Read both to the end at once: a full pipe would stop the driver.
        nonisolated(unsafe) var stderrData = Data()
        let reader = Thread { stderrData = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        guard process.terminationStatus == 0 else {
            throw DriverFailure(message: String(decoding: stderrData, as: UTF8.self))
        }
        let answer = try JSONText.parse(String(decoding: data, as: UTF8.self))
        func strings(_ key: String) -> [String] { answer[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        return Run(results: answer["results"]?.arrayValue ?? [], console: strings("console"), exceptions: strings("exceptions"),
                   violations: strings("violations"), requests: strings("requests"))
    }

    struct DriverFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { "the browser driver failed: \(message)" }
    }

    /// The page of `walk` written to a temporary file; its file URL.
    static func page(_ walk: Walk, name: String) async throws -> URL {
        let path = temporary(name)
        try await WalkPage.html(walk).write(toFile: path, atomically: true, encoding: .utf8)
        return URL(fileURLWithPath: path)
    }

    /// The walk's screens as the page has them: each with the index of the entry that made it.
    static func screens(_ walk: Walk) async -> [(entry: Int, frame: Frame)] {
        let session = await WalkSession(walk)
        var screens = [(entry: -1, frame: session.frame)]
        for (index, entry) in walk.entries.enumerated() {
            await session.play(entry)
            if session.frame != screens.last!.frame { screens.append((index, session.frame)) }
        }
        return screens
    }

    static let screenText = "Array.from(document.querySelectorAll('#screen .row')).map(r => r.textContent.replace(/ +$/, '')).join('\\n')"
    static let ready = "document.body.dataset.ready === '1'"

    @Test("The shortcut tour's page plays in Chromium from the first screen to the last; a step back shows the call recorded there")
    func shortcutTourPlaysToTheEnd() async throws {
        let walk = try WalkPageTests.tour("shortcut-enrollment")
        let screens = await Self.screens(walk)
        let url = try await Self.page(walk, name: "shortcut.html")
        let run = try Self.chromium([
            ["open": .string(url.absoluteString)],
            ["wait": .string(Self.ready), "timeout": 60],
            ["eval": "document.body.dataset.frames"],
            ["eval": .string(Self.screenText)],
            // The fastest speed, then Space plays: it stops by itself at the last screen.
            ["eval": "(() => { const s = document.getElementById('speed'); s.value = '8'; s.dispatchEvent(new Event('change')); return s.value; })()"],
            ["key": " "],
            ["wait": "document.body.dataset.playing === '1' || document.body.dataset.frame !== '0'", "timeout": 60],
            ["wait": .string("document.body.dataset.playing === '0' && document.body.dataset.frame === '\(screens.count - 1)'"), "timeout": 600],
            ["eval": .string(Self.screenText)],
            ["key": "ArrowLeft"],
            ["eval": "document.body.dataset.frame"],
            ["eval": "document.getElementById('exchange').dataset.entry"],
            ["eval": "document.querySelector('#exchange .title').textContent"],
            ["eval": "document.querySelector('#exchange pre.answer').textContent"],
        ])
        #expect(run.results[2].stringValue == String(screens.count))
        #expect(run.results[3].stringValue == screens[0].frame.textSnapshot, "the first screen")
        #expect(run.results[8].stringValue == screens.last!.frame.textSnapshot, "the last screen")
        #expect(run.results[10].stringValue == String(screens.count - 2))
        // One screen before the end: the call recorded at or before that screen.
        let before = try #require(Self.exchange(walk, atOrBefore: screens[screens.count - 2].entry))
        #expect(run.results[11].stringValue == String(before.entry))
        #expect(run.results[12].stringValue?.contains(before.name) == true, "\(run.results[12]) names \(before.name)")
        #expect(try JSONText.parse(run.results[13].stringValue ?? "") == before.answer)
        #expect(run.exceptions.isEmpty, "\(run.exceptions)")
        #expect(run.violations.isEmpty, "\(run.violations)")
        #expect(run.requests == [url.absoluteString], "the page asks for nothing but itself: \(run.requests)")
    }

    /// What the page shows beside the screen made by `entry`: the last call at or before it, else
    /// (no call yet) the last control or event: its index, what the page's title of it names, its answer.
    static func exchange(_ walk: Walk, atOrBefore entry: Int) -> (entry: Int, name: String, answer: JSONValue, isCall: Bool)? {
        var other: (entry: Int, name: String, answer: JSONValue, isCall: Bool)?
        for index in stride(from: min(entry, walk.entries.count - 1), through: 0, by: -1) {
            switch walk.entries[index].what {
            case .call(let call): return (index, call.request.name, call.response.json, true)
            case .control(let control, let answer): other = other ?? (index, control.kind, answer.json, false)
            case .event(let event): other = other ?? (index, event.kind.rawValue, event.json, false)
            default: continue
            }
        }
        return other
    }

    @Test("Stepping back in Chromium to a screen made after a call shows that call: request, answer, rule and branch, its arrows lit")
    func steppingBackShowsTheRecordedCall() async throws {
        let walk = try WalkPageTests.tour("shortcut-enrollment")
        let screens = await Self.screens(walk)
        // The last screen that shows a call other than the next screen's: ← goes from that next one to it.
        let index = try #require(screens.indices.dropLast().last { i in
            let here = Self.exchange(walk, atOrBefore: screens[i].entry), next = Self.exchange(walk, atOrBefore: screens[i + 1].entry)
            return here?.isCall == true && here?.entry != next?.entry
        })
        let shown = try #require(Self.exchange(walk, atOrBefore: screens[index].entry))
        guard case .call(let call) = walk.entries[shown.entry].what else { return }
        let url = try await Self.page(walk, name: "shortcut.html")
        let run = try Self.chromium([
            ["open": .string(url.absoluteString + "#frame=\(index + 2)")],
            ["wait": .string(Self.ready), "timeout": 60],
            ["eval": "document.body.dataset.frame"],
            ["key": "ArrowLeft"],
            ["wait": .string("document.body.dataset.frame === '\(index)'"), "timeout": 60],
            ["eval": "document.getElementById('exchange').dataset.entry"],
            ["eval": "document.querySelector('#exchange .title').textContent"],
            ["eval": "document.querySelector('#exchange pre.request').textContent"],
            ["eval": "document.querySelector('#exchange pre.answer').textContent"],
            ["eval": "document.querySelector('#exchange dl').textContent"],
            ["eval": "document.querySelectorAll('#sequence .msg.now').length"],
        ])
        #expect(run.results[2].stringValue == String(index + 1))
        #expect(run.results[5].stringValue == String(shown.entry))
        #expect(run.results[6].stringValue == "\(call.request.type.rawValue) \(call.request.name)" + (call.request.subAPI.map { " (\($0))" } ?? ""))
        #expect(try JSONText.parse(run.results[7].stringValue ?? "") == Walk.masked(call.request).json)
        #expect(try JSONText.parse(run.results[8].stringValue ?? "") == call.response.json)
        let trace = try #require(call.response.trace)
        let facts = run.results[9].stringValue ?? ""
        #expect(facts.contains("rule" + (trace.rule ?? "input")) && facts.contains("branch" + trace.branch), "\(facts)")
        #expect(run.results[10].intValue == 4, "the call's four arrows lit in the sequence diagram")
        #expect(run.exceptions.isEmpty, "\(run.exceptions)")
    }

    /// The tour's screen that shows the activation's QR code, its 1-based number on the page, and the payload.
    static func qrScreen() async throws -> (walk: Walk, number: Int, payload: String) {
        let walk = try WalkPageTests.tour("futurae-qr-sdk-pin")
        let screens = await Self.screens(walk)
        let index = try #require(screens.firstIndex { $0.frame.textSnapshot.contains("▀") }, "a screen with a QR code")
        let text = try String(contentsOf: EnrollsimAssets.walksDirectory.appendingPathComponent("futurae-qr-sdk-pin.jsonl"), encoding: .utf8)
        let match = try #require(text.firstMatch(of: /"qrCode":"([^"]+)"/))
        return (walk, index + 1, String(match.1))
    }

    static func zbarimg(_ png: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["zbarimg", "--quiet", "--raw", png]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice  // its complaints about D-Bus; a failure shows as no payload
        try ProcessLaunch.run(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    @Test("The Futurae tour's QR code screen, screenshot by Chromium from the page, decodes with zbarimg to the activation's payload")
    func qrCodeScansFromTheChromiumPage() async throws {
        let (walk, number, payload) = try await Self.qrScreen()
        let url = try await Self.page(walk, name: "futurae.html")
        let png = Self.temporary("qr.png"), small = Self.temporary("qr-small-font.png")
        let run = try Self.chromium([
            ["open": .string(url.absoluteString + "#frame=\(number)")],
            ["wait": .string(Self.ready), "timeout": 60],
            ["eval": "document.body.dataset.frame"],
            ["screenshot": .string(png), "selector": "#screen"],
            // A font whose block glyphs fall short of the cells (they would leave light lines
            // between the rows of modules): the blocks are drawn as cells, not as glyphs.
            ["eval": "document.getElementById('screen').style.fontSize = '10px'"],
            ["screenshot": .string(small), "selector": "#screen"],
        ])
        #expect(run.results[2].stringValue == String(number - 1))
        #expect(try Self.zbarimg(png) == payload)
        #expect(try Self.zbarimg(small) == payload, "the QR code with a 10 px font in 18 px rows")
    }

    @Test("The Futurae tour's page opens in Firefox ESR (headless screenshot) at the QR code screen, and the code decodes")
    func qrCodeScansFromTheFirefoxPage() async throws {
        let firefox = try #require(Self.executable(["firefox-esr", "firefox"]), "firefox-esr is not installed (.ci/run installs it)")
        let (walk, number, payload) = try await Self.qrScreen()
        let url = try await Self.page(walk, name: "futurae.html")
        let png = Self.temporary("firefox.png"), profile = Self.temporary("profile")
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = Process()
        // coreutils' timeout ends a Firefox that never finishes (a generous limit, not a duration asserted).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--kill-after=30", "600", firefox, "--headless", "--no-remote", "--profile", profile, "--window-size", "1500,1100",
                             "--screenshot", png, url.absoluteString + "#frame=\(number)"]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile
        environment["MOZ_HEADLESS"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try Self.zbarimg(png) == payload)
    }

    @Test("A walk whose texts hold </script>, <script> and markup runs none of it in Chromium: they show as text")
    func hostileWalkRunsNothing() async throws {
        let walk = WalkPageTests.hostile(try WalkPageTests.tour("shortcut-enrollment"))
        let screens = await Self.screens(walk)
        let url = try await Self.page(walk, name: "hostile.html")
        let run = try Self.chromium([
            ["open": .string(url.absoluteString)],
            ["wait": .string(Self.ready), "timeout": 60],
            ["key": "End"],
            ["wait": .string("document.body.dataset.frame === '\(screens.count - 1)'"), "timeout": 60],
            ["eval": "document.title"],
            ["eval": "document.getElementById('title').textContent"],
            ["eval": "document.getElementById('step').textContent + ' | ' + document.getElementById('caption-text').textContent"],
            ["eval": "document.querySelectorAll('img, iframe, object, embed').length + document.querySelectorAll('script').length"],
            ["eval": "document.getElementById('exchange').textContent"],
        ])
        let title = try #require(walk.header.title)
        #expect(run.results[4].stringValue == title)
        #expect(run.results[5].stringValue == title)
        #expect(run.results[6].stringValue?.contains(#"</script><script>console.log("pwned")</script><img src=x"#) == true, "\(run.results[6])")
        #expect(run.results[6].stringValue?.contains("| Caption </script>") == true, "the caption shown as text")
        #expect(run.results[7].intValue == 2, "the page's own two scripts, no other element that runs or loads")
        #expect(run.results[8].stringValue?.contains("onerror") == true, "the call's parameter shown as text")
        #expect(!run.console.contains { $0.contains("pwned") }, "\(run.console)")
        #expect(run.exceptions.isEmpty, "\(run.exceptions)")
        #expect(run.violations.isEmpty, "nothing even tried to run: \(run.violations)")
        #expect(run.requests == [url.absoluteString], "\(run.requests)")
    }
}

extension WalkPageBrowserTests {
    @Test("The bug-report bundle's walk.html plays the screens the session painted (its screen tape) in Chromium, to the last one")
    func bugReportBundleHoldsThePage() async throws {
        let walk = try WalkPageTests.tour("shortcut-enrollment")
        let tape = ScreenTape(theme: .dark)
        var last = Frame(size: Size(width: 1, height: 1))
        await WalkSession.eachFrame(walk) { t, step, frame in
            tape.record(frame, t: t, step: step)
            last = frame
        }
        let report = BugReport(walk: walk, world: "", screen: last, theme: .dark, version: "test", created: Date(timeIntervalSince1970: 1_790_000_000),
                               settings: [:], screens: tape.kept.screens)
        let dir = URL(fileURLWithPath: Self.temporary("bundle")).deletingLastPathComponent()
        let bundle = dir.appendingPathComponent("report.tar.gz")
        try report.archive().write(to: bundle)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/bin/tar")
        tar.arguments = ["-xzf", bundle.path, "-C", dir.path, "walk.html"]
        try ProcessLaunch.run(tar)
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
        let page = dir.appendingPathComponent("walk.html")
        let run = try Self.chromium([
            ["open": .string(page.absoluteString)],
            ["wait": .string(Self.ready), "timeout": 60],
            ["eval": "document.body.dataset.frames"],
            ["key": "End"],
            ["wait": .string("document.body.dataset.frame === String(Number(document.body.dataset.frames) - 1)"), "timeout": 60],
            ["eval": .string(Self.screenText)],
            ["eval": "document.getElementById('step').textContent"],
        ])
        #expect(run.results[2].stringValue == String(tape.kept.screens.count))
        #expect(run.results[5].stringValue == last.textSnapshot)
        #expect(run.results[6].stringValue == tape.kept.screens.last?.step)
        #expect(run.exceptions.isEmpty, "\(run.exceptions)")
    }
}
