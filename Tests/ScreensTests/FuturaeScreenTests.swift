import Enrollment
import Foundation
import Futurae
import PIMS
import Screens
import SimTestSupport
import SimWorld
import SnapshotTesting
import Testing
import TerminalUI

/// The Futurae front's screens at 80×24 and 120×40, and the drawn QR code decoded by zbarimg back
/// to the exact payload.
@Suite("Futurae screens", .serialized)
struct FuturaeScreenTests {
    /// The session as the TUI opens a Futurae scenario: its device, settings and own SDK instance.
    static func start(_ scenario: String, login: Bool = true, _ change: (inout SessionConfig) -> Void = { _ in }) async throws -> ScreenHarness {
        let settings = await (try InProcessBackend(scenario: scenario)).world.session.settings
        var config = SessionConfig()
        config.scenarioSession = settings
        config.system = .futurae
        FuturaeFront.adopt(settings, into: &config)
        change(&config)
        return try await ScreenHarness.start(scenario, config, login: login)
    }

    static func both(_ h: ScreenHarness, filePath: StaticString = #filePath, testName: String = #function) async {
        await assertBothSizes(h, filePath: filePath, testName: testName)
    }

    @Test func futuraeSession() async throws {
        let h = try await Self.start("futurae-pin", login: false)
        await Self.both(h)
    }

    @Test func futuraeChooseMethod() async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter)
        await Self.both(h)
    }

    @Test func futuraeQRCode() async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter, .enter)
        await Self.both(h)
    }

    @Test func futuraeShortCodeHalfTyped() async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter, .down, .enter)
        let code = try #require(await h.state.futurae.activation?.shortCode)
        try await h.type(String(code.prefix(6)))
        await Self.both(h)
    }

    @Test func futuraeSDKPINPrompt() async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter, .enter, .char("s"))
        try await h.type("2468")
        await Self.both(h)
    }

    @Test func futuraeBindingTokenPrompt() async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter, .enter, .char("s"))
        try await h.type("2468")
        try await h.press(.tab)
        try await h.type("2468")
        try await h.press(.enter)
        await Self.both(h)
    }

    @Test func futuraeEnrolled() async throws {
        let h = try await Self.start("futurae-fresh")
        try await h.press(.enter, .enter, .char("s"))
        await Self.both(h)
    }

    @Test func futuraeFailedWithRetry() async throws {
        let h = try await Self.start("futurae-fresh") { $0.sessionBinding = true }
        try await h.press(.enter, .enter, .char("s"))
        try await h.type("ZZZZ2222")
        try await h.press(.enter)
        await Self.both(h)
    }

    @Test func futuraeAccountsBiometricPrompt() async throws {
        let h = try await Self.start("futurae-enrolled")
        try await h.press(.down, .enter, .char("b"))
        await Self.both(h)
    }

    @Test func futuraeArchivedDevice() async throws {
        let h = try await Self.start("futurae-enrolled")
        try await h.press(.down, .enter)
        for _ in 0..<5 {
            try await h.press(.char("u"))
            try await h.type("9999")
            try await h.press(.enter)
        }
        await Self.both(h)
    }

    @Test("The QR code drawn at 80×24 decodes, with zbarimg, to the activation's exact payload")
    func drawnQRDecodes() async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter, .enter)
        let payload = try #require(await h.state.futurae.activation?.qrCode)
        let image = try #require(QRImage(await h.frame(), moduleSize: 4), "no QR code on screen")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-qr-\(UUID().uuidString).pbm")
        try image.pbm.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let zbar = Process()
        zbar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zbar.arguments = ["zbarimg", "--quiet", "--raw", file.path]
        let out = Pipe()
        zbar.standardOutput = out
        try ProcessLaunch.run(zbar)  // one launch at a time: Foundation's Process.run is not thread-safe
        let data = out.fileHandleForReading.readDataToEndOfFile()
        zbar.waitUntilExit()
        #expect(zbar.terminationStatus == 0, "zbarimg found no code")
        #expect(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines) == payload)
    }
}

/// The screen's half-block cells as a black-and-white image: each cell is two modules, one above
/// the other; a drawn half is light, the terminal's background dark (see `QRView`).
struct QRImage {
    let width: Int
    let height: Int
    /// Row-major; true is dark.
    let dark: [Bool]

    /// The bounding box of the frame's half blocks, `moduleSize` pixels a module.
    init?(_ frame: Frame, moduleSize: Int) {
        let blocks: Set<Character> = ["█", "▀", "▄"]
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width where blocks.contains(frame[x, y].glyph) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        let columns = maxX - minX + 1, rows = (maxY - minY + 1) * 2
        width = columns * moduleSize
        height = rows * moduleSize
        var dark = [Bool](repeating: true, count: width * height)
        for row in 0..<rows {
            for column in 0..<columns {
                let glyph = frame[minX + column, minY + row / 2].glyph
                let light = row % 2 == 0 ? (glyph == "█" || glyph == "▀") : (glyph == "█" || glyph == "▄")
                for dy in 0..<moduleSize {
                    for dx in 0..<moduleSize { dark[(row * moduleSize + dy) * width + column * moduleSize + dx] = !light }
                }
            }
        }
        self.dark = dark
    }

    /// Plain PBM (P1): 1 is black.
    var pbm: Data {
        var text = "P1\n\(width) \(height)\n"
        for y in 0..<height {
            text += (0..<width).map { dark[y * width + $0] ? "1" : "0" }.joined(separator: " ") + "\n"
        }
        return Data(text.utf8)
    }
}
