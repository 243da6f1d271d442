import Foundation
import Testing

/// The themes and the configuration file in the real TUI, in tmux: what the settings say reaches
/// the terminal as colours.
@Suite(.serialized) struct ThemeEndToEndTests {
    private func start(_ arguments: String, environment: [String: String] = [:]) throws -> TmuxSession {
        let session = try TmuxSession(command: EnrollsimProcess.commandLine(arguments, environment: environment))
        try session.wait(for: "Enter log in")
        return session
    }

    private func quit(_ session: TmuxSession) throws {
        try session.sendKeys("C-c")
        try session.wait(history: true, for: "exit status 0") { $0.contains(EnrollsimProcess.exitMarker + "0]") }
    }

    /// SGR 47: a white background, which only the light theme paints.
    private func whiteBackgrounds(_ session: TmuxSession) throws -> Int {
        EnrollsimProcess.colorCodes(in: try session.capture(escapes: true)).filter { $0 == "47" }.count
    }

    @Test func theLightThemePaintsAWhiteScreen() throws {
        let light = try start("--scenario enrolled --theme light")
        #expect(try whiteBackgrounds(light) > 0, "no white background with --theme light")
        try quit(light)
        // The control: the dark theme leaves the background to the terminal.
        let dark = try start("--scenario enrolled --theme dark")
        #expect(try whiteBackgrounds(dark) == 0)
        #expect(!EnrollsimProcess.colorCodes(in: try dark.capture(escapes: true)).isEmpty, "the dark theme has colour")
        try quit(dark)
    }

    /// An XDG_CONFIG_HOME whose enrollsim/config.toml asks for a device, Android and the light theme.
    private func configHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("enrollsim"), withIntermediateDirectories: true)
        try """
            device = "cfg-tablet"
            platform = "android"
            theme = "light"
            """.write(to: home.appendingPathComponent("enrollsim/config.toml"), atomically: true, encoding: .utf8)
        return home
    }

    @Test func theMonoFlagBeatsTheFilesLightTheme() throws {
        let session = try start("--theme mono", environment: ["XDG_CONFIG_HOME": try configHome().path])
        try session.wait(for: "the configured device") { $0.contains("cfg-tablet") }
        #expect(EnrollsimProcess.colorCodes(in: try session.capture(escapes: true)).isEmpty)
        try quit(session)
    }

    @Test func theConfigurationFileReachesTheTUI() throws {
        let home = try configHome()
        let session = try start("--scenario enrolled", environment: ["XDG_CONFIG_HOME": home.path])
        let screen = try session.wait(for: "the configured device and platform") { $0.contains("cfg-tablet") && $0.contains("Android") }
        #expect(screen.contains("cfg-tablet"))
        #expect(try whiteBackgrounds(session) > 0, "the file's theme = \"light\" was not used")
        try quit(session)
        // NO_COLOR is the environment: it beats the file.
        let plain = try start("--scenario enrolled", environment: ["XDG_CONFIG_HOME": home.path, "NO_COLOR": "1"])
        #expect(EnrollsimProcess.colorCodes(in: try plain.capture(escapes: true)).isEmpty)
        try quit(plain)
    }
}
