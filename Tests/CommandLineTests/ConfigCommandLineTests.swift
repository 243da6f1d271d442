import Foundation
import Testing

/// The configuration as a person meets it: `enrollsim config` shows each setting's source, the
/// settings reach batch, and a bad configuration stops every command that reads it with exit
/// status 2 and one line on standard error, before anything starts.
@Suite struct ConfigCommandLineTests {
    /// A folder to use as XDG_CONFIG_HOME, holding `enrollsim/config.toml` with `text`.
    private func configHome(_ text: String) throws -> (home: URL, file: String) {
        let home = try temporaryFolder("config")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("enrollsim"), withIntermediateDirectories: true)
        let file = home.appendingPathComponent("enrollsim/config.toml").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return (home, file)
    }

    /// `enrollsim config`'s line for a key: [key, value, source] (columns are two spaces or more apart).
    private func row(_ key: String, in report: String) -> [String]? {
        for line in report.split(separator: "\n") {
            let fields = line.replacingOccurrences(of: " {2,}", with: "\t", options: .regularExpression).split(separator: "\t").map(String.init)
            if fields.first == key { return fields }
        }
        return nil
    }

    @Test func configShowsEachSettingsSourceFlagEnvFileDefault() throws {
        let (home, file) = try configHome("""
            # ana's settings
            device = "file-phone"
            platform = "android"
            sdk = "2.1"
            theme = "light"
            """)
        let run = try Run.enrollsim("config", "--device", "flag-phone",
                                    environment: Run.environment(["XDG_CONFIG_HOME": home.path, "ENROLLSIM_PLATFORM": "ios"]))
        #expect(run.status == 0, "\(run.stderr)")
        let report = run.stdout
        #expect(row("file", in: report) == ["file", file, "read"])
        #expect(row("device", in: report) == ["device", "flag-phone", "flag --device"])
        #expect(row("platform", in: report) == ["platform", "ios", "env ENROLLSIM_PLATFORM"])
        #expect(row("sdk", in: report) == ["sdk", "2.1", "\(file):4"])
        #expect(row("theme", in: report) == ["theme", "light", "\(file):5"])
        #expect(row("scenario", in: report) == ["scenario", "fresh", "default"])
        #expect(row("user", in: report) == ["user", "alice@example.com", "default: scenario fresh's session"])
        #expect(row("mouse", in: report) == ["mouse", "true", "default"])
        #expect(row("admin-token", in: report)?[1] == "none")
    }

    @Test func configNeverPrintsTheToken() throws {
        let run = try Run.enrollsim("config", environment: Run.environment(["ENROLLSIM_ADMIN_TOKEN": "s3cret-token-value"]))
        #expect(run.status == 0)
        #expect(!run.stdout.contains("s3cret"))
        #expect(row("admin-token", in: run.stdout) == ["admin-token", "set (18 characters)", "env ENROLLSIM_ADMIN_TOKEN"])
    }

    @Test func theTokenFileGivesTheToken() throws {
        let (home, file) = try configHome("backend = \"http://127.0.0.1:9\"\nadmin-token-file = \"token\"\n")
        let token = home.appendingPathComponent("enrollsim/token").path
        try "0123456789abcdef\n".write(toFile: token, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token)
        let run = try Run.enrollsim("config", environment: Run.environment(["XDG_CONFIG_HOME": home.path]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(row("admin-token", in: run.stdout) == ["admin-token", "set (16 characters)", "\(file):2 (admin-token-file \(token))"])
        #expect(row("backend", in: run.stdout) == ["backend", "http://127.0.0.1:9", "\(file):1"])
        #expect(row("scenario", in: run.stdout) == nil, "a backend has no scenario")
    }

    @Test func batchRunsOnTheConfiguredScenario() throws {
        let (home, _) = try configHome("scenario = \"enrolled\"\n")
        let line = #"{"type": "get", "name": "pims.authentication.trustedphonenumber", "params": {}}"# + "\n"
        let configured = try Run.enrollsim("batch", environment: Run.environment(["XDG_CONFIG_HOME": home.path]), input: line)
        let flagged = try Run.enrollsim("batch", "--scenario", "enrolled", input: line)
        let fresh = try Run.enrollsim("batch", input: line)
        #expect(configured.status == 0)
        #expect(configured.stdout == flagged.stdout)
        #expect(configured.stdout != fresh.stdout, "the control: fresh has no phone, enrolled has one")
        // And a flag beats the file.
        let overridden = try Run.enrollsim("batch", "--scenario", "fresh", environment: Run.environment(["XDG_CONFIG_HOME": home.path]), input: line)
        #expect(overridden.stdout == fresh.stdout)
    }

    /// Each kind of bad file, with the line and reason the refusal must give.
    static let badFiles: [(label: String, text: String, line: Int, reason: String)] = [
        ("syntax", "device = \"d\"\ntheme = \"light\n", 2, "TOML syntax: "),
        ("unknown key", "device = \"d\"\n\ncolour = \"light\"\n", 3, "unknown key \"colour\""),
        ("wrong type", "mouse = \"off\"\n", 1, "mouse must be true or false, not \"off\""),
        ("number for a string", "# x\nsdk = 2.3\n", 2, "sdk must be a string in quotes (sdk = \"2.3\"), not a number"),
        ("bad value", "platform = \"windows\"\n", 1, "platform must be ios or android, not \"windows\""),
        ("planned system", "system = \"futurae\"\n", 1, "system \"futurae\" cannot be chosen in the settings yet"),
        ("both worlds", "scenario = \"team\"\nbackend = \"http://h:1\"\n", 2, "backend and scenario exclude each other"),
        ("missing scenario file", "scenario = \"mine.yaml\"\n", 1, "scenario: cannot load "),
        ("url with a path", "backend = \"http://h:1/api\"\n", 1, "the backend must be a URL like http://127.0.0.1:8080"),
        ("the token itself", "admin-token = \"s3cret\"\n", 1, "unknown key \"admin-token\""),
    ]

    @Test(arguments: badFiles, ["config", "batch", "tui"])
    func aBadFileStopsTheCommandWithItsLine(bad: (label: String, text: String, line: Int, reason: String), command: String) throws {
        let (home, file) = try configHome(bad.text)
        let run = try Run.enrollsim(command, environment: Run.environment(["XDG_CONFIG_HOME": home.path]))
        #expect(run.status == 2, "\(bad.label): \(run.status) \(run.stderr)")
        #expect(run.stdout.isEmpty, "\(bad.label): nothing starts")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(bad.label): one line, not \(run.stderr)")
        #expect(run.stderr.hasPrefix("enrollsim: \(file):\(bad.line): \(bad.reason)"), "\(bad.label): \(run.stderr)")
    }

    @Test func aTokenFileOthersCanReadStopsTheCommand() throws {
        let (home, file) = try configHome("# team\nadmin-token-file = \"token\"\n")
        let token = home.appendingPathComponent("enrollsim/token").path
        try "0123456789abcdef\n".write(toFile: token, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: token)
        let run = try Run.enrollsim("batch", environment: Run.environment(["XDG_CONFIG_HOME": home.path]))
        #expect(run.status == 2)
        #expect(run.stderr == "enrollsim: \(file):2: admin-token-file \(token) has mode 0644: others can read it; chmod 600 \(token)\n")
    }

    @Test func aBadVariableStopsTheCommandByName() throws {
        let run = try Run.enrollsim("batch", environment: Run.environment(["ENROLLSIM_THEME": "blue"]))
        #expect(run.status == 2)
        #expect(run.stderr == "enrollsim: ENROLLSIM_THEME: theme must be dark, light or mono, not \"blue\"\n")
    }

    @Test func commandsThatReadNoSettingsIgnoreABadFile() throws {
        // `scenarios` and `--version` work whatever the settings say: they are how one finds out.
        let (home, _) = try configHome("colour = \"light\"\n")
        let env = Run.environment(["XDG_CONFIG_HOME": home.path])
        #expect(try Run.enrollsim("scenarios", environment: env).status == 0)
        #expect(try Run.enrollsim("--version", environment: env).status == 0)
    }
}
