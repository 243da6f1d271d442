import Foundation
import Testing
@testable import EnrollsimConfig

/// Reading the file from disk, and the admin token file's rules.
@Suite struct ConfigFileLoadingTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func write(_ name: String, _ text: String, mode: Int = 0o600) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    private func load(config text: String, flagToken: String? = nil, env: [String: String] = [:]) throws -> Settings {
        let path = try write("config.toml", text)
        return try Settings.load(flags: [:], adminTokenFlag: flagToken, environment: env, configPath: path)
    }

    @Test func noFileMeansDefaults() throws {
        let settings = try Settings.load(flags: [:], adminTokenFlag: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(!settings.configFileFound)
        #expect(settings.configPath == folder.path + "/enrollsim/config.toml")
        #expect(settings.theme == Sourced(.dark, from: .builtIn))
    }

    @Test func theFileIsFoundUnderXDGConfigHome() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("enrollsim"), withIntermediateDirectories: true)
        _ = try write("enrollsim/config.toml", "theme = \"light\"\n", mode: 0o644)
        let settings = try Settings.load(flags: [:], adminTokenFlag: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(settings.configFileFound)
        #expect(settings.theme == Sourced(.light, from: .file(path: folder.path + "/enrollsim/config.toml", line: 1)))
    }

    @Test func aFolderInPlaceOfTheFileIsRefused() throws {
        let path = folder.appendingPathComponent("config.toml").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: ConfigError(.file(path: path, line: nil), "is a directory, not a file")) {
            try Settings.load(flags: [:], adminTokenFlag: nil, environment: [:], configPath: path)
        }
    }

    @Test func aFileThatIsNotUTF8IsRefused() throws {
        let path = folder.appendingPathComponent("config.toml").path
        try Data([0x74, 0x3D, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigError(.file(path: path, line: nil), "is not UTF-8 text")) {
            try Settings.load(flags: [:], adminTokenFlag: nil, environment: [:], configPath: path)
        }
    }

    // The admin token.

    @Test func theTokenFileNamedInTheConfigGivesTheToken() throws {
        _ = try write("token", "s3cret-token-0123456789\nsecond line ignored\n")
        let settings = try load(config: "backend = \"http://team:8080\"\nadmin-token-file = \"token\"\n")
        #expect(settings.adminToken == Sourced(Secret("s3cret-token-0123456789"), from: .file(path: folder.path + "/config.toml", line: 2)))
        #expect(settings.adminToken?.value.description == "set (23 characters)", "the token never prints itself")
    }

    @Test func theFlagAndTheEnvironmentBeatTheTokenFile() throws {
        _ = try write("token", "from-the-file\n")
        let config = "admin-token-file = \"token\"\n"
        #expect(try load(config: config, env: ["ENROLLSIM_ADMIN_TOKEN": "from-env"]).adminToken == Sourced(Secret("from-env"), from: .environment("ENROLLSIM_ADMIN_TOKEN")))
        #expect(try load(config: config, flagToken: "from-flag", env: ["ENROLLSIM_ADMIN_TOKEN": "from-env"]).adminToken == Sourced(Secret("from-flag"), from: .flag("--admin-token")))
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o666])
    func aTokenFileOthersCanReadIsRefused(mode: Int) throws {
        let token = try write("token", "s3cret\n", mode: mode)
        let octal = "0" + String(mode, radix: 8)
        do {
            _ = try load(config: "# the token\nadmin-token-file = \"token\"\n")
            Issue.record("a token file of mode \(octal) was accepted")
        } catch let error as ConfigError {
            #expect(error.line == 2)
            #expect(error.reason == "admin-token-file \(token) has mode \(octal): others can read it; chmod 600 \(token)")
        }
    }

    @Test func aBadTokenFileIsRefusedEvenWhenTheEnvironmentGivesAToken() throws {
        _ = try write("token", "s3cret\n", mode: 0o644)
        #expect(throws: ConfigError.self) {
            try load(config: "admin-token-file = \"token\"\n", env: ["ENROLLSIM_ADMIN_TOKEN": "from-env"])
        }
    }

    @Test func aMissingEmptyOrFolderTokenFileIsRefused() throws {
        let missing = folder.path + "/nowhere"
        #expect(throws: ConfigError(.file(path: folder.path + "/config.toml", line: 1), "admin-token-file \(missing): No such file or directory")) {
            try load(config: "admin-token-file = \"nowhere\"\n")
        }
        let empty = try write("empty", "\n")
        #expect(throws: ConfigError(.file(path: folder.path + "/config.toml", line: 1), "admin-token-file \(empty) is empty: its first line is the token")) {
            try load(config: "admin-token-file = \"empty\"\n")
        }
        try FileManager.default.createDirectory(atPath: folder.path + "/dir", withIntermediateDirectories: true)
        #expect(throws: ConfigError(.file(path: folder.path + "/config.toml", line: 1), "admin-token-file \(folder.path)/dir is not a regular file")) {
            try load(config: "admin-token-file = \"dir\"\n")
        }
    }

    @Test func theTokenItselfIsNotAKeyOfTheFile() throws {
        do {
            _ = try load(config: "admin-token = \"s3cret\"\n")
            Issue.record("admin-token was accepted in the file")
        } catch let error as ConfigError {
            #expect(error.reason.hasPrefix("unknown key \"admin-token\""))
        }
    }
}
