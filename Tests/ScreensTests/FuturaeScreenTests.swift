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

    @Test("The QR code drawn decodes, with zbarimg, to the activation's exact payload in every theme, at 80×24 and 120×40",
          arguments: [Theme.dark, .light, .monochrome], [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func drawnQRDecodes(theme: Theme, size: Size) async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter, .enter)
        let payload = try #require(await h.state.futurae.activation?.qrCode)
        let decoded = try Self.decode(Screens.render(await h.state, size: size), theme: theme)
        #expect(decoded == payload, "the \(theme.name) theme at \(size.width)×\(size.height)")
    }

    @Test("A tour's player lays the QR code out whole at 80×24 under a caption of three lines, and it decodes")
    func tourPlayerKeepsTheQRWhole() async throws {
        let h = try await Self.start("futurae-pin")
        try await h.press(.enter, .enter)
        let payload = try #require(await h.state.futurae.activation?.qrCode)
        let caption = "▶ replay 12/40 · Futurae · QR code · The back office draws the activation's QR code; the phone scans it (F1): "
            + "the activation code, the user and the service. · Space pauses · q quits"
        let frame = ReplayLayout.frame(await h.state, chrome: caption, size: .minimum)
        let chrome = (21..<24).map { frame.line($0).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(chrome == caption, "the caption wrapped whole")
        #expect(try Self.decode(frame, theme: .dark) == payload)
    }

    /// What zbarimg reads in the frame's QR code, as the theme paints it.
    static func decode(_ frame: Frame, theme: Theme) throws -> String? {
        let image = try #require(QRImage(frame, theme: theme, moduleSize: 4), "no QR code on screen")
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
        guard zbar.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}

/// The screen's half-block cells as the theme paints them, in black and white: each cell is two
/// modules, one above the other, a drawn half in the look's text colour and the other half in its
/// background (reversed looks swap them; the terminal's own colours are those of a dark terminal,
/// or the light theme's white page); a colour darker than mid-grey is black.
struct QRImage {
    let width: Int
    let height: Int
    /// Row-major; true is dark.
    let dark: [Bool]

    /// The bounding box of the frame's half blocks and a margin of two cells, `moduleSize` pixels
    /// a module.
    init?(_ frame: Frame, theme: Theme, moduleSize: Int) {
        let blocks: Set<Character> = ["█", "▀", "▄"]
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width where blocks.contains(frame[x, y].glyph) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        minX = max(0, minX - 2); maxX = min(frame.size.width - 1, maxX + 2)
        minY = max(0, minY - 2); maxY = min(frame.size.height - 1, maxY + 2)
        let columns = maxX - minX + 1, rows = (maxY - minY + 1) * 2
        width = columns * moduleSize
        height = rows * moduleSize
        var dark = [Bool](repeating: true, count: width * height)
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = frame[minX + column, minY + row / 2]
                let drawn = row % 2 == 0 ? (cell.glyph == "█" || cell.glyph == "▀") : (cell.glyph == "█" || cell.glyph == "▄")
                let (ink, paper) = Self.colours(theme.look(for: cell.style), theme: theme)
                let isDark = (drawn ? ink : paper) < 0.5
                for dy in 0..<moduleSize {
                    for dx in 0..<moduleSize { dark[(row * moduleSize + dy) * width + column * moduleSize + dx] = isDark }
                }
            }
        }
        self.dark = dark
    }

    /// The lightness (0 black, 1 white) of a look's text and background.
    static func colours(_ look: Look, theme: Theme) -> (ink: Double, paper: Double) {
        let lightPage = theme.name == "light"
        var ink = lightness(look.foreground) ?? (lightPage ? 0.1 : 0.85)
        var paper = lightness(look.background) ?? (lightPage ? 1 : 0.1)
        if look.attributes.contains(.reverse) { (ink, paper) = (paper, ink) }
        return (ink, paper)
    }

    /// The relative luminance of the colours `Frame.svg` paints.
    static func lightness(_ c: TerminalColor) -> Double? {
        switch c {
        case .default: nil
        case .black: 0
        case .red: 0.2
        case .green: 0.4
        case .yellow: 0.75
        case .blue: 0.18
        case .magenta: 0.22
        case .cyan: 0.5
        case .white: 0.78
        }
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
