import Foundation
import SimTestSupport
import Testing

/// Issue 43: every command's output, standard output and standard error, under the one rule for
/// terminal text (docs/safety.md), fed the payloads of `scripts/attack/terminal-payloads.json`
/// through what each command repeats back: flags, the environment, `config.toml` (its `\u001b`
/// escapes included), file names, scenario names, walks, a refused value.
@Suite struct TerminalTextCommandLineTests {
    /// One command run with a payload where it reads text from outside.
    struct Case {
        let command: String
        let what: String
        let arguments: [String]
        var environment: [String: String] = [:]
        var input = ""
    }

    /// The payload as a TOML basic string's escapes (`\u001B`): what TOML reads as the characters.
    static func tomlEscaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case _ where TerminalPayload.isUnsafe(scalar): return String(format: "\\u%04X", scalar.value)
            default: return String(scalar)
            }
        }.joined()
    }

    static func cases(_ payload: TerminalPayload, in dir: URL) throws -> [Case] {
        let p = payload.text
        let configHome = dir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("enrollsim"), withIntermediateDirectories: true)
        try "device = \"\(tomlEscaped(p))\"\nuser = \"u\(tomlEscaped(p))\"\n"
            .write(to: configHome.appendingPathComponent("enrollsim/config.toml"), atomically: true, encoding: .utf8)
        let named = dir.appendingPathComponent("s\(p.replacingOccurrences(of: "/", with: "")).yaml").path
        try SafetyCommandLineTests.fresh.write(toFile: named, atomically: true, encoding: .utf8)
        let walk = try SafetyCommandLineTests.tamperedTour(p, in: dir)
        let existing = dir.appendingPathComponent("e\(p.replacingOccurrences(of: "/", with: "")).md").path
        try "kept".write(toFile: existing, atomically: true, encoding: .utf8)
        let login = "{\"type\": \"set\", \"name\": \"pims.authentication.user\", \"params\": {\"action\": \"login\", \"username\": "
            + "\(String(decoding: try JSONSerialization.data(withJSONObject: p, options: [.fragmentsAllowed]), as: UTF8.self)), \"password\": \"x\"}}\n"
        return [
            Case(command: "enrollsim", what: "an unknown argument", arguments: [p]),
            Case(command: "tui", what: "a bad --theme", arguments: ["tui", "--theme", p]),
            Case(command: "tui-selftest", what: "an unknown argument", arguments: ["tui-selftest", p]),
            Case(command: "config", what: "--device and --user", arguments: ["config", "--device", p, "--user", "u" + p]),
            Case(command: "config", what: "the environment", arguments: ["config"], environment: ["ENROLLSIM_DEVICE": p, "ENROLLSIM_USER": "u" + p]),
            Case(command: "config", what: "config.toml's escapes", arguments: ["config"], environment: ["XDG_CONFIG_HOME": configHome.path]),
            Case(command: "config", what: "a bad --sdk", arguments: ["config", "--sdk", p]),
            Case(command: "config", what: "a bad ENROLLSIM_THEME", arguments: ["config"], environment: ["ENROLLSIM_THEME": p]),
            Case(command: "batch", what: "a username", arguments: ["batch"], input: login),
            Case(command: "batch", what: "a bad --device", arguments: ["batch", "--device", p], input: login),
            Case(command: "scenarios", what: "a file's name", arguments: ["scenarios", "check", named]),
            Case(command: "scenarios", what: "an unknown scenario", arguments: ["scenarios", "show", p]),
            Case(command: "serve", what: "an unknown scenario", arguments: ["serve", "--port", "0", "--database", dir.appendingPathComponent("w.db").path, "--scenario", p]),
            Case(command: "replay", what: "a walk's header", arguments: ["replay", "--check", walk]),
            Case(command: "diff", what: "a walk's header", arguments: ["diff", walk, SafetyCommandLineTests.tour]),
            Case(command: "export", what: "a file that exists", arguments: ["export", walk, "--markdown", existing]),
            Case(command: "coverage", what: "a walk", arguments: ["coverage", walk]),
            Case(command: "demo", what: "an unknown tour", arguments: ["demo", p]),
            Case(command: "explore", what: "an unknown scenario", arguments: ["explore", p, "--budget", "1"]),
            Case(command: "explore", what: "a bad --reach", arguments: ["explore", "fresh", "--reach", p, "--budget", "1"]),
            Case(command: "manual", what: "an unknown argument", arguments: ["manual", p]),
        ]
    }

    @Test(arguments: TerminalPayload.all)
    func noCommandPrintsARawControlCharacter(_ payload: TerminalPayload) throws {
        let dir = try temporaryFolder("terminal-text")
        for c in try Self.cases(payload, in: dir) {
            let run = try Run.program(Run.enrollsim, c.arguments, environment: Run.environment(c.environment), input: c.input)
            let shown = (run.stdout + run.stderr).replacingOccurrences(of: "\n", with: "")
            #expect(!TerminalPayload.holdsUnsafe(shown), "\(c.command), \(c.what) (exit \(run.status)): \((run.stdout + run.stderr).debugDescription)")
            #expect(!shown.isEmpty, "\(c.command), \(c.what): nothing printed")
        }
    }

    /// Every command of `enrollsim --help` is among the cases above (and the root's own errors).
    @Test func everyCommandIsFedThePayloads() throws {
        let help = try Run.enrollsim("--help")
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("SUBCOMMANDS:") })
        // A command's line is indented two spaces; its summary's continuation lines further.
        let commands = lines[(start + 1)...].prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 10 && commands.contains("config") && commands.contains("serve"), "\(help.stdout)")
        let covered = Set(try Self.cases(TerminalPayload.all[0], in: try temporaryFolder("terminal-text")).map(\.command))
        for command in commands { #expect(covered.contains(command), "\(command) is not fed the payloads") }
    }
}
