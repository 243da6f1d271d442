import Foundation
import SimKernel
import SimWorld
import Testing

/// Every refusal of a scenario names the file, the line and the reason, on one line, and never
/// repeats the file's text: a file that is not a scenario (a key file, a password list) stays unread
/// on the screen.
@Suite struct ScenarioRefusalTests {
    static let valid = ScenarioLoadingTests.valid

    func refusal(_ yaml: String) -> ScenarioError? { ScenarioLoadingTests().refusal(yaml) }

    @Test func aKeyWrittenTwiceIsRefusedAtItsSecondLine() throws {
        let e = try #require(refusal(Self.valid + "\nseed: 4\n"))
        #expect(e.line == 17, "\(e)")
        #expect(e.reason == #"not valid YAML: duplicate key "seed" in one mapping (a key is written once)"#)
        let nested = try #require(refusal(Self.valid.replacingOccurrences(of: "    pin: \"1234\"\n", with: "    pin: \"1234\"\n    pin: \"5678\"\n")))
        #expect(nested.line == 10, "\(nested)")
    }

    @Test(arguments: [("\u{0}", "U+0000"), ("\u{7}", "U+0007"), ("\u{1B}", "U+001B"), ("\u{7F}", "U+007F"), ("\u{85}", "U+0085")])
    func aControlCharacterIsRefusedAtItsLine(character: String, name: String) throws {
        let yaml = Self.valid.replacingOccurrences(of: "description: d", with: "description: d\(character)x")
        let e = try #require(refusal(yaml))
        #expect(e.line == 2)
        #expect(e.reason == "control character \(name) is not allowed in a scenario")
    }

    @Test func anEmptyFileIsRefusedAtLineOne() throws {
        for text in ["", "\n\n", "# only a comment\n"] {
            let e = try #require(refusal(text))
            #expect(e.line == 1)
            #expect(e.reason == "the scenario is empty")
        }
    }

    @Test func aComplexKeyIsRefusedNotIgnored() throws {
        let e = try #require(refusal(Self.valid + "\n? foo: bar\n: baz\n"))
        #expect(e.line == 17, "\(e)")
        #expect(e.reason.hasPrefix("a key must be a plain name"))
    }

    @Test func invalidUTF8IsRefusedAtItsLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        var bytes = Data("name: t\ndescription: caf".utf8)
        bytes.append(contentsOf: [0xE9, 0x0A])  // Latin-1 é
        try bytes.write(to: file)
        do {
            _ = try ScenarioLoader.load(.file(file.path))
            Issue.record("loaded a file that is not UTF-8")
        } catch {
            #expect(error.line == 2)
            #expect(error.description == "\(file.path):2: the file is not UTF-8 text (a scenario is YAML in UTF-8)")
        }
    }

    @Test func aFileThatIsNotAScenarioIsNotEchoed() throws {
        let secrets = [
            "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n",
            "password: hunter2-secret\npassword: hunter3-secret\n",
            "token: s3cr3t-t0ken-value\n\u{1}\n",
            "[database]\npassword = \"tomlsecret\"\n",
        ]
        for text in secrets {
            let e = try #require(refusal(text))
            #expect(e.line != nil, "\(e)")
            for secret in ["root:x", "daemon", "b3BlbnNzaC1r", "hunter", "s3cr3t", "tomlsecret"] {
                #expect(!e.description.contains(secret), "\(e)")
            }
        }
    }

    /// A few hundred seeded mutations of the built-in scenarios: each refusal has a line, one line of
    /// text, and a bounded length. (No assertion on which are accepted: a mutation may be harmless.)
    @Test func fuzzedScenariosAreRefusedWithALine() throws {
        var random = SeededGenerator(state: 13)
        let sources = try ScenarioLoader.builtinNames.map { try String(contentsOf: ScenarioLoader.builtinURL($0), encoding: .utf8) }
        let pieces = ["\u{0}", "\u{7}", "\u{1B}", "\u{7F}", ":", "- ", "? ", "[", "{", "\"", "'", "\n", "  ", "&a ", "*a", "!!str ",
                      "%", "|", ">", "#", "\t", "é", "\u{2028}", "? foo: bar\n", "name: again\n"]
        var refused = 0
        for round in 0..<400 {
            var lines = sources[Int.random(in: 0..<sources.count, using: &random)].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0...Int.random(in: 0...2, using: &random) {
                if lines.isEmpty { lines = [""] }
                let i = Int.random(in: 0..<lines.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0: lines.insert(lines[i], at: i)  // a line twice: often a duplicate key
                case 1: lines.remove(at: i)
                case 2: lines = Array(lines.prefix(i))
                case 3: lines[i] = " " + lines[i]
                default:
                    var scalars = Array(lines[i].unicodeScalars)
                    let at = Int.random(in: 0...scalars.count, using: &random)
                    scalars.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &random)].unicodeScalars, at: at)
                    lines[i] = String(String.UnicodeScalarView(scalars))
                }
            }
            let text = lines.joined(separator: "\n")
            guard let e = refusal(text) else { continue }
            refused += 1
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(e.line.map { (1...max(1, lineCount)).contains($0) } == true, "round \(round): \(e)")
            #expect(!e.description.unicodeScalars.contains { $0.properties.generalCategory == .control }, "round \(round): \(e)")
            #expect(e.description.count < 400, "round \(round): \(e)")
        }
        #expect(refused > 100, "the mutations should mostly break the scenarios (\(refused) refused)")
    }
}
