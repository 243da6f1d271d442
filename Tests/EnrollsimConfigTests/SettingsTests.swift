import Foundation
import Testing
@testable import EnrollsimConfig

/// Precedence, key by key: a flag beats the environment, which beats the file, which beats the
/// default; and each layer's bad value is refused where it was given.
@Suite struct SettingsTests {
    private let path = "/home/ana/.config/enrollsim/config.toml"

    private func file(_ text: String) throws -> ConfigFile { try ConfigFile.parse(text, path: path) }

    private func resolve(flags: [ConfigKey: Settings.Flag] = [:], token: String? = nil, env: [String: String] = [:],
                         file: ConfigFile? = nil) throws(ConfigError) -> Settings {
        try Settings.resolve(flags: flags, adminTokenFlag: token, environment: env, file: file, configPath: path)
    }

    /// One value per layer for each key that has all four (or three) layers.
    static let layered: [(ConfigKey, flag: String?, env: String, file: String, fileValue: ConfigValue)] = [
        (.backend, "http://flag:1", "http://env:2", "backend = \"http://file:3\"", .string("http://file:3")),
        (.user, "flag@x", "env@x", "user = \"file@x\"", .string("file@x")),
        (.device, "flag-phone", "env-phone", "device = \"file-phone\"", .string("file-phone")),
        (.platform, "android", "ios", "platform = \"android\"", .string("android")),
        (.sdk, "2.0", "2.1", "sdk = \"2.2\"", .string("2.2")),
        (.theme, "light", "mono", "theme = \"light\"", .string("light")),
        (.scenario, "enrolled", "team", "scenario = \"pin-blocked\"", .string("pin-blocked")),
        (.system, nil, "pims", "system = \"pims\"", .string("pims")),
        (.mouse, nil, "off", "mouse = true", .bool(true)),
    ]

    @Test(arguments: layered)
    func aFlagBeatsTheEnvironmentWhichBeatsTheFile(key: ConfigKey, flag: String?, env: String, line: String, fileValue: ConfigValue) throws {
        let variable = try #require(key.environmentVariable)
        let file = try file("# settings\n" + line + "\n")
        let fileOnly = try resolve(file: file)
        #expect(fileOnly[key] == Sourced(fileValue, from: .file(path: path, line: 2)))

        let envAndFile = try resolve(env: [variable: env], file: file)
        #expect(envAndFile[key] == Sourced(.fromEnvironment(env, for: key), from: .environment(variable)))

        if let flag {
            let all = try resolve(flags: [key: .init("--\(key.name)", flag)], env: [variable: env], file: file)
            #expect(all[key] == Sourced(.string(flag), from: .flag("--\(key.name)")))
        }
    }

    @Test func withNothingSetTheDefaultsApply() throws {
        let settings = try resolve()
        #expect(settings.string(.scenario) == Sourced("fresh", from: .builtIn))
        #expect(settings.string(.system) == Sourced("pims", from: .builtIn))
        #expect(settings.theme == Sourced(.dark, from: .builtIn))
        #expect(settings.mouse == Sourced(true, from: .builtIn))
        for key in [ConfigKey.backend, .user, .device, .platform, .sdk, .adminTokenFile] { #expect(settings[key] == nil) }
        #expect(settings.adminToken == nil)
        #expect(!settings.configFileFound)
    }

    @Test func anEmptyVariableCountsAsUnset() throws {
        let settings = try resolve(env: ["ENROLLSIM_DEVICE": "", "NO_COLOR": ""], file: file("device = \"file-phone\""))
        #expect(settings.string(.device)?.source == .file(path: path, line: 1))
        #expect(settings.theme.value == .dark)
    }

    @Test func noColorMeansMonoUnlessTheThemeIsSaidMorePrecisely() throws {
        #expect(try resolve(env: ["NO_COLOR": "1"]).theme == Sourced(.mono, from: .environment("NO_COLOR")))
        // NO_COLOR is the environment: it beats the file…
        #expect(try resolve(env: ["NO_COLOR": "1"], file: file("theme = \"light\"")).theme.value == .mono)
        // …and ENROLLSIM_THEME and a flag beat it.
        #expect(try resolve(env: ["NO_COLOR": "1", "ENROLLSIM_THEME": "light"]).theme == Sourced(.light, from: .environment("ENROLLSIM_THEME")))
        #expect(try resolve(flags: [.theme: .init("--theme", "light")], env: ["NO_COLOR": "1"]).theme.value == .light)
        #expect(try resolve(flags: [.theme: .init("--monochrome", "mono")]).theme == Sourced(.mono, from: .flag("--monochrome")))
    }

    @Test(arguments: [
        ("ENROLLSIM_PLATFORM", "windows", "ENROLLSIM_PLATFORM: platform must be ios or android, not \"windows\""),
        ("ENROLLSIM_SDK", "3.0", "ENROLLSIM_SDK: sdk must be 2.0, 2.1, 2.2 or 2.3, not \"3.0\""),
        ("ENROLLSIM_THEME", "solarized", "ENROLLSIM_THEME: theme must be dark, light or mono, not \"solarized\""),
        ("ENROLLSIM_MOUSE", "maybe", "ENROLLSIM_MOUSE: mouse must be true or false, not \"maybe\""),
        ("ENROLLSIM_SYSTEM", "card", "ENROLLSIM_SYSTEM: system \"card\" cannot be chosen in the settings yet: the terminal UI takes Futurae or Card from the scenario (futurae-*, card-*) or from y on the session screen"),
        ("ENROLLSIM_BACKEND", "localhost:8080", "ENROLLSIM_BACKEND: backend must be an http:// or https:// URL such as http://team-host:8080, not \"localhost:8080\""),
    ])
    func aBadVariableIsRefusedByName(variable: String, value: String, message: String) throws {
        let settingsFile = try file("theme = \"dark\"")
        do {
            _ = try resolve(env: [variable: value], file: settingsFile)
            Issue.record("\(variable)=\(value) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func mouseInTheEnvironmentReadsOnOffYesNoAndDigits() throws {
        for (text, on) in [("on", true), ("OFF", false), ("yes", true), ("no", false), ("1", true), ("0", false), ("true", true), ("False", false)] {
            #expect(try resolve(env: ["ENROLLSIM_MOUSE": text]).mouse.value == on, "\(text)")
        }
    }

    // The world: a backend or a scenario, chosen by the stronger layer.

    @Test func aScenarioFlagOverridesTheFilesBackend() throws {
        let settings = try resolve(flags: [.scenario: .init("--scenario", "enrolled")], file: file("backend = \"http://team:8080\""))
        #expect(settings.string(.scenario) == Sourced("enrolled", from: .flag("--scenario")))
        #expect(settings[.backend] == nil)
    }

    @Test func aBackendInTheEnvironmentOverridesTheFilesScenario() throws {
        let settings = try resolve(env: ["ENROLLSIM_BACKEND": "http://team:8080"], file: file("scenario = \"team\""))
        #expect(settings.string(.backend) == Sourced("http://team:8080", from: .environment("ENROLLSIM_BACKEND")))
        #expect(settings[.scenario] == nil, "no default scenario with a backend")
    }

    @Test func aFileNamingBothABackendAndAScenarioIsRefusedAtTheSecond() throws {
        let text = "scenario = \"team\"\nmouse = true\nbackend = \"http://team:8080\"\n"
        #expect(throws: ConfigError(.file(path: path, line: 3), "backend and scenario exclude each other (a server keeps its own world): keep one")) {
            try resolve(file: file(text))
        }
        // A stronger layer choosing the world makes the file's pair harmless.
        #expect(try resolve(flags: [.backend: .init("--backend", "http://x:1")], file: file(text)).string(.backend)?.value == "http://x:1")
    }

    @Test func theEnvironmentNamingBothIsRefused() {
        #expect(throws: ConfigError.self) {
            try resolve(env: ["ENROLLSIM_BACKEND": "http://team:8080", "ENROLLSIM_SCENARIO": "team"])
        }
    }

    // Paths in the file.

    @Test func aScenarioFileInTheFileIsRelativeToTheFilesFolder() throws {
        #expect(try resolve(file: file("scenario = \"scenarios/mine.yaml\"")).string(.scenario)?.value
                == "/home/ana/.config/enrollsim/scenarios/mine.yaml")
        #expect(try resolve(env: ["HOME": "/home/ana"], file: file("scenario = \"~/qa/x.yaml\"")).string(.scenario)?.value
                == "/home/ana/qa/x.yaml")
        #expect(try resolve(file: file("scenario = \"enrolled\"")).string(.scenario)?.value == "enrolled", "a built-in name stays a name")
        // On the command line a path stays as typed: the shell's folder is the user's.
        #expect(try resolve(flags: [.scenario: .init("--scenario", "x/y.yaml")]).string(.scenario)?.value == "x/y.yaml")
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/ana"]) == "/cfg/enrollsim/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/ana"]) == "/home/ana/.config/enrollsim/config.toml")
        // A relative XDG_CONFIG_HOME is invalid by the specification: ignored.
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/ana"]) == "/home/ana/.config/enrollsim/config.toml")
    }
}
