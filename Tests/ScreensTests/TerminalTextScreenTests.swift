import Enrollment
import SimTestSupport
import Screens
import Testing
import TerminalUI

/// Issue 30.3 on the screens: a device name or a username that would drive the terminal (given by a
/// flag or a remote server, which no scenario check sees) is shown with visible stand-ins, at both
/// sizes, and nothing of it reaches a cell as it is.
@Suite struct TerminalTextScreenTests {
    @Test(arguments: TerminalPayload.all)
    func aDeviceAndAUserFromOutsideAreShownSafely(_ payload: TerminalPayload) async throws {
        var config = SessionConfig()
        config.device = payload.text
        config.username = "u" + payload.text
        let h = try await ScreenHarness.start("fresh", config, login: false)
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            let frame = await h.frame(size)
            let cells = frame.cells.map { String($0.glyph) }.joined()
            #expect(!TerminalPayload.holdsUnsafe(cells), "\(size): \(cells.debugDescription)")
            #expect(frame.textSnapshot.contains("f"), "\(frame.textSnapshot)")
        }
        // The session form shows the device and the user with their stand-ins.
        let shown = await h.frame().textSnapshot
        let device = try #require(shown.split(separator: "\n").first { $0.contains("Device id") }, "\(shown)")
        #expect(device.contains { $0 == "\u{FFFD}" || ("\u{2400}"..."\u{2421}").contains($0) }, "\(device)")
    }
}
