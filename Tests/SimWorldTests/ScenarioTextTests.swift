import Foundation
import SimKernel
import SimTestSupport
import SimWorld
import Testing

/// Scenario values are names, devices, usernames and numbers: a control character, a line separator
/// or a bidirectional control in one is refused with the file and the line, written raw or as a YAML
/// escape (read after YAML decoding), issue 30.3. And YAML's aliases cannot make a small file stand
/// for a huge tree (30.6).
@Suite struct ScenarioTextTests {
    static let valid = ScenarioLoadingTests.valid

    /// The fields where such a character cannot mean anything, as written in `valid`, and their line.
    static let fields: [(label: String, find: String, replace: @Sendable (String) -> String, line: Int, path: String)] = [
        ("name", "name: t", { "name: \"\($0)\"" }, 1, "name"),
        ("username", "- username: a@example.com", { "- username: \"\($0)\"" }, 6, "accounts[0].username"),
        ("phone", "phone: \"0612345678\"", { "phone: \"\($0)\"" }, 8, "accounts[0].phone"),
        ("device", "enrolledDevices: [dev]", { "enrolledDevices: [\"\($0)\"]" }, 10, "accounts[0].enrolledDevices[0]"),
        ("session device", "  device: dev", { "  device: \"\($0)\"" }, 15, "session.device"),
    ]

    @Test(arguments: TerminalPayload.all)
    func aPayloadWrittenAsAYAMLEscapeIsRefusedWhereverItStands(_ payload: TerminalPayload) throws {
        for field in Self.fields {
            let yaml = Self.valid.replacingOccurrences(of: field.find, with: field.replace(payload.yamlEscape))
            #expect(yaml != Self.valid)
            let e = try #require(scenarioRefusal(yaml, origin: "evil.yaml"), "\(field.label) loaded with \(payload)")
            #expect(e.file == "evil.yaml")
            #expect(e.line == field.line, "\(field.label): \(e)")
            #expect(e.reason.hasPrefix("\(field.path): "), "\(e)")
            #expect(e.reason.contains("is not allowed in a scenario"), "\(e)")
            #expect(!TerminalPayload.holdsUnsafe(e.description), "\(e.description.debugDescription)")
        }
    }

    @Test(arguments: TerminalPayload.all)
    func aPayloadWrittenRawIsRefusedAtItsLine(_ payload: TerminalPayload) throws {
        for field in Self.fields {
            let yaml = Self.valid.replacingOccurrences(of: field.find, with: field.replace(payload.text))
            let e = try #require(scenarioRefusal(yaml, origin: "evil.yaml"), "\(field.label) loaded with \(payload)")
            #expect(e.line == field.line, "\(field.label): \(e)")
            #expect(e.reason.contains("is not allowed in a scenario"), "\(e)")
            #expect(!TerminalPayload.holdsUnsafe(e.description), "\(e.description.debugDescription)")
        }
    }

    @Test func theDescriptionMayBreakLinesButNotDriveTheTerminal() throws {
        let lines = Self.valid.replacingOccurrences(of: "description: d", with: "description: \"two\\nlines\\tand a tab\"")
        #expect(scenarioRefusal(lines, origin: "ok.yaml") == nil)
        let block = Self.valid.replacingOccurrences(of: "description: d", with: "description: |\n  one\n  two")
        #expect(scenarioRefusal(block, origin: "ok.yaml") == nil)
        let escape = Self.valid.replacingOccurrences(of: "description: d", with: #"description: "d\e[2J""#)
        let e = try #require(scenarioRefusal(escape, origin: "evil.yaml"))
        #expect(e.line == 2 && e.reason.hasPrefix("description: control character U+001B"), "\(e)")
        // A tab or a line break means nothing in a name.
        let tab = try #require(scenarioRefusal(Self.valid.replacingOccurrences(of: "name: t", with: #"name: "a\tb""#), origin: "evil.yaml"))
        #expect(tab.line == 1 && tab.reason.hasPrefix("name: control character U+0009"), "\(tab)")
    }

    @Test func ordinaryTextAndSmallAliasesStillLoad() throws {
        let yaml = Self.valid
            .replacingOccurrences(of: "name: t", with: "name: \"Zoë’s 日本 scenario ✓\"")
            .replacingOccurrences(of: "enrolledDevices: [dev]", with: "enrolledDevices: [&d dev]")
            .replacingOccurrences(of: "  device: dev", with: "  device: *d")
        #expect(scenarioRefusal(yaml, origin: "ok.yaml") == nil)
    }

    /// A "billion laughs": each level a list of ten aliases to the level before.
    static func aliasBomb(levels: Int) -> (yaml: String, firstRefusedLevel: Int) {
        var yaml = valid + "\nbomb:\n  l0: &l0 [" + Array(repeating: "\"lol\"", count: 10).joined(separator: ", ") + "]\n"
        for level in 1...levels {
            yaml += "  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        // Level k stands for 1 + 10 × level k-1 values (11 at level 0): level 4's aliases pass the
        // bound of 100,000 aliased values.
        return (yaml, 4)
    }

    static func line(of text: String, in yaml: String) -> Int {
        (yaml.components(separatedBy: "\n").firstIndex { $0.contains(text) } ?? -1) + 1
    }

    // A time limit, not a duration asserted: unbounded, ten levels took about 25 minutes.
    @Test(.timeLimit(.minutes(1)), arguments: [8, 10])
    func anAliasBombIsRefusedWithItsLine(levels: Int) throws {
        let (yaml, level) = Self.aliasBomb(levels: levels)
        #expect(yaml.utf8.count < 2_000)
        let e = try #require(scenarioRefusal(yaml, origin: "bomb.yaml"))
        #expect(e.file == "bomb.yaml")
        #expect(e.line == Self.line(of: "&l\(level) ", in: yaml), "\(e)")
        #expect(e.reason.contains("aliases here stand for more than 100000 values"), "\(e)")
    }

    @Test(.timeLimit(.minutes(1)))
    func nestingTooDeepIsRefusedNotCrashed() throws {
        // Flow style (libyaml's own bound, 1,000, worded as ours) and block style (ours, 64).
        let flow = Self.valid + "\nx: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
        let block = Self.valid + "\nx:\n  " + String(repeating: "- ", count: 100) + "1\n"
        for deep in [flow, block] {
            let e = try #require(scenarioRefusal(deep, origin: "deep.yaml"))
            #expect(e.line == 17 || e.line == 18, "\(e)")
            #expect(e.reason.contains("nested deeper than 64 levels"), "\(e)")
        }
        // Through aliases too: each level one deeper than the last.
        var chained = Self.valid + "\nx:\n  a0: &a0 [1]\n"
        for i in 1...70 { chained += "  a\(i): &a\(i) [*a\(i - 1)]\n" }
        let viaAliases = try #require(scenarioRefusal(chained, origin: "deep.yaml"))
        #expect(viaAliases.reason.contains("nested deeper than 64 levels"), "\(viaAliases)")
    }

    @Test(.timeLimit(.minutes(1)))
    func theServersLoadControlReadsTheBombBeforeTheWorldIsTouched() throws {
        let (yaml, level) = Self.aliasBomb(levels: 10)
        let prepared = PreparedControl(SimControl("load", ["yaml": .string(yaml), "origin": .string("bomb.yaml")]))
        var simulator = Simulator(world: try ScenarioLoader.load(.named("enrolled")))
        let before = simulator.world
        var events: [PendingEvent] = []
        let answer = simulator.control(prepared, events: &events)
        #expect(!answer.ok)
        #expect(answer.error?.hasPrefix("load: bomb.yaml:\(Self.line(of: "&l\(level) ", in: yaml)): aliases") == true, "\(answer.error ?? "")")
        #expect(simulator.world == before && events.isEmpty)
    }

    @Test func anErrorOnTheLastLineWithoutANewlineNamesThatLine() throws {
        // The valid text ends without a newline: an unknown key on its last line is on line 16.
        let e = try #require(scenarioRefusal(Self.valid + "\nextra: 1", origin: "t.yaml"))
        #expect(e.line == 17, "\(e)")
        let syntax = try #require(scenarioRefusal(Self.valid + "\nextra: \"open", origin: "t.yaml"))
        #expect(syntax.line == 17, "\(syntax)")
        // With a final line break, the end of the text is still on the last line written.
        let withNewline = try #require(scenarioRefusal(Self.valid + "\nextra: \"open\n", origin: "t.yaml"))
        #expect(withNewline.line == 17, "\(withNewline)")
        let unclosed = try #require(scenarioRefusal(Self.valid + "\nextra: [1, 2\n\n", origin: "t.yaml"))
        #expect(unclosed.line == 18, "\(unclosed)")
    }
}
