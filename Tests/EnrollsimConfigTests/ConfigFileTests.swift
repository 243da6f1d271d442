import Testing
@testable import EnrollsimConfig

/// Every way a file can be wrong is refused with its line and the reason; a good file gives each
/// key's value and line.
@Suite struct ConfigFileTests {
    private let path = "/home/ana/.config/enrollsim/config.toml"

    private func refusal(_ text: String) -> ConfigError? {
        do {
            _ = try ConfigFile.parse(text, path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aGoodFileGivesEveryKeyWithItsLine() throws {
        let file = try ConfigFile.parse("""
            # enrollsim settings
            backend = "http://team-host:8080"
            user = "bob@example.com"
            device = "bob-pixel"
            platform = "android"
            sdk = "2.1"
            system = "pims"
            theme = "light"
            mouse = false
            admin-token-file = "token"
            """, path: path)
        #expect(file.entries[.backend] == .init(value: .string("http://team-host:8080"), line: 2))
        #expect(file.entries[.platform] == .init(value: .string("android"), line: 5))
        #expect(file.entries[.sdk] == .init(value: .string("2.1"), line: 6))
        #expect(file.entries[.mouse] == .init(value: .bool(false), line: 9))
        #expect(file.entries[.adminTokenFile] == .init(value: .string("token"), line: 10))
        #expect(file.entries.count == 9)
    }

    @Test func anEmptyFileSetsNothing() throws {
        #expect(try ConfigFile.parse("# nothing yet\n", path: path).entries.isEmpty)
    }

    @Test func aSyntaxErrorIsRefusedAtItsLine() throws {
        let error = try #require(refusal("device = \"d\"\ntheme = \"light\n"))
        #expect(error.line == 2)
        #expect(error.reason.hasPrefix("TOML syntax: "))
        #expect(error.description.hasPrefix("\(path):2: TOML syntax: "))
    }

    @Test func aDuplicateKeyIsASyntaxError() throws {
        let error = try #require(refusal("theme = \"dark\"\n\ntheme = \"light\"\n"))
        #expect(error.line == 3)
        #expect(error.reason.hasPrefix("TOML syntax: "))
    }

    @Test func anUnknownKeyIsRefusedAtItsLine() throws {
        let error = try #require(refusal("device = \"d\"\ncolour = \"light\"\n"))
        #expect(error.line == 2)
        #expect(error.reason.hasPrefix("unknown key \"colour\" (known keys: backend, scenario, user, device"))
    }

    @Test func aTableIsRefused() throws {
        let error = try #require(refusal("mouse = true\n\n[tui]\ntheme = \"light\"\n"))
        #expect(error.line == 3)
        #expect(error.reason.hasPrefix("unknown table \"tui\""))
    }

    @Test(arguments: [
        ("platform = 1", "platform must be a string, not an integer"),
        ("sdk = 2.3", "sdk must be a string in quotes (sdk = \"2.3\"), not a number"),
        ("device = [\"a\", \"b\"]", "device must be a string, not an array"),
        ("theme = true", "theme must be a string, not a boolean"),
        ("mouse = \"off\"", "mouse must be true or false, not \"off\""),
        ("mouse = 0", "mouse must be true or false, not an integer"),
        ("user.name = \"x\"", "user must be a string, not a table (the file has no sections)"),
        ("backend = 1979-05-27", "backend must be a string, not a date"),
    ])
    func aWrongTypeIsRefusedAtItsLine(line: String, reason: String) throws {
        let error = try #require(refusal("# settings\n" + line + "\n"))
        #expect(error.line == 2)
        #expect(error.reason == reason)
    }

    @Test(arguments: [
        ("platform = \"windows\"", "platform must be ios or android, not \"windows\""),
        ("sdk = \"2.4\"", "sdk must be 2.0, 2.1, 2.2 or 2.3, not \"2.4\""),
        ("theme = \"blue\"", "theme must be dark, light or mono, not \"blue\""),
        ("system = \"futurae\"", "system \"futurae\" cannot be chosen in the settings yet: the terminal UI takes Futurae or Card from the scenario (futurae-*, card-*) or from y on the session screen"),
        ("system = \"card\"", "system \"card\" cannot be chosen in the settings yet: the terminal UI takes Futurae or Card from the scenario (futurae-*, card-*) or from y on the session screen"),
        ("system = \"fido\"", "system must be pims, not \"fido\""),
        ("backend = \"team-host:8080\"", "backend must be an http:// or https:// URL such as http://team-host:8080, not \"team-host:8080\""),
        ("backend = \"ftp://team-host\"", "backend must be an http:// or https:// URL such as http://team-host:8080, not \"ftp://team-host\""),
        ("device = \"  \"", "device must not be empty"),
        ("user = \"\"", "user must not be empty"),
    ])
    func aBadValueIsRefusedAtItsLine(line: String, reason: String) throws {
        let error = try #require(refusal("mouse = true\n\n" + line + "\n"))
        #expect(error.line == 3)
        #expect(error.reason == reason)
    }

    @Test func theFirstRefusalInTheFileIsTheOneReported() throws {
        // TOMLKit lists keys in its own order: the report must not depend on it.
        let error = try #require(refusal("zebra = 1\ntheme = \"blue\"\naardvark = 2\n"))
        #expect(error.line == 1)
        #expect(error.reason.hasPrefix("unknown key \"zebra\""))
    }

    @Test func aNulCharacterIsRefused() throws {
        let error = try #require(refusal("device = \"d\"\ntheme = \"x\0\"\n"))
        #expect(error.line == 2)
        #expect(error.reason == "contains a NUL character")
    }
}
