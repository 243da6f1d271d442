import PIMS
import SimKernel
@testable import SimWorld
import Testing
import Yams

/// The exporter quotes a string exactly when Yams would (its resolver reads the string as something
/// else), without running the resolver on every string, and writes the text libyaml's emitter writes
/// for the same nodes, byte for byte, without its emitter (issue 14.3).
@Suite("§9 Scenarios: export quoting and writing")
struct YAMLStringStyleTests {
    /// Strings next to each of the default resolver's patterns: its words, numbers, times, and their
    /// near misses, with line breaks, spaces, unicode and the characters YAML treats specially.
    static let tricky: [String] = [
        "", " ", "~", "=", "<<", "<", "<<<", "==", ".", "..", "-", "+", "+-", "-+1", "_", "0", "00", "007", "0o17", "0o8", "0b101",
        "0b2", "0x1F", "0xg", "0x", "1_000", "1__", "1:30", "-1:30:00", "1:60", "190:20:30.15", "3.14", "+3.14", "-.5", ".5", ".5e+3",
        ".5e3", "1e3", "1E+3", "1.2.3", "1.", "6.8523015e+5", ".inf", "-.inf", "+.INF", ".Inf", ".nan", ".NaN", ".NAN", "nan", "inf",
        "yes", "Yes", "YES", "yEs", "no", "No", "NO", "nO", "true", "True", "TRUE", "tRUE", "false", "False", "FALSE", "on", "On",
        "ON", "off", "Off", "OFF", "y", "n", "Y", "N", "t", "f", "o", "null", "Null", "NULL", "nULL", "none", "nil", "noon", "yes!",
        "no\n", "yes\n", "null\n", "1\n", "true\r\n", "off\r", "false\u{2028}", "on\u{85}", "\nyes", "yes ", " yes", "truely",
        "offside", "oN", "2026-01-05", "2026-1-5", "2026-01-05T09:00:00Z", "2026-01-05 09:00:00", "2026-01-05t09:00:00.5+01:00",
        "2026-01-05T09:00:00 -5", "2026-13-45", "20260105", "+33612345678", "0612345678", "06 12 34 56 78", "1234", "-0", "+0",
        "12a", "a12", "VF3CC8HZ0K0000001", "user@example.com", "key: value", "a #comment", "#", ":", "- item", "[x]", "{x}", "*ref",
        "&anchor", "!tag", "%", "@", "`", "'quoted'", "\"double\"", "tab\there", "line one\nline two", "é", "日本", "🚗", "١٢٣",
        "１２３", "Peugeot", "3008", "device-0", "?", "? x", "|", ">", "...", "---",
        "2.3", "2.0", "0.", "1_.5", "+1_2.3_", "1..", "-.", "tutorial", "ios", "android", "noTRUE", "Off\t",
    ]

    /// The tricky strings a scenario's value can hold: none with a control character, a line break
    /// or a separator (a scenario refuses them, issue 30.3).
    static let writable = tricky.filter { !$0.isEmpty && !$0.unicodeScalars.contains(where: String.needsEscape) }
    /// What a description (free text) holds besides: \n and tabs (other line breaks the writer
    /// leaves to Yams).
    static let describable = tricky.filter { !$0.isEmpty && !$0.unicodeScalars.contains { ["\r", "\u{85}", "\u{2028}"].contains($0) } }

    func yamsQuotes(_ text: String) -> Bool {
        text.represented().style == .singleQuoted
    }

    @Test("Tricky strings: quoted exactly when Yams's resolver reads them as something else", arguments: tricky)
    func trickyStrings(_ text: String) {
        #expect(YAMLStringStyle.mustQuote(text) == yamsQuotes(text))
    }

    @Test("Random strings over the characters the resolver's patterns use: the same verdict as Yams")
    func randomStrings() {
        var random = SeededGenerator(state: 143)
        let alphabet = Array("0123456789+-._:eEtTZ xXoObBaAfFyYnNsSuUlLrR~<=:\n\u{2028}é")
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...9, using: &random)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            if YAMLStringStyle.mustQuote(text) != yamsQuotes(text) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// The writer's text (it writes the whole world) and Yams's emitter's for the same nodes: the same bytes.
    func expectWrittenAsYamsWould(_ world: World) throws {
        let direct = try #require(try ScenarioYAMLEncoder.directText(world, options: ScenarioExporter.options))
        let emitted = try ScenarioYAMLEncoder.encode(world, options: ScenarioExporter.options, direct: false)
        #expect(direct == emitted, "\(ScenarioExportTests().firstDifference(direct, emitted))")
    }

    @Test("Every built-in scenario is written byte for byte as Yams's emitter writes it", arguments: ScenarioLoader.builtinNames)
    func builtInsWrittenAsYamsWould(_ name: String) throws {
        var simulator = Simulator(world: try ScenarioLoader.load(.named(name)))
        try expectWrittenAsYamsWould(simulator.world)
        _ = simulator.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        var world = simulator.world
        world.openSession("tablet", settings: SessionSettings(device: "tablet-1"))
        try expectWrittenAsYamsWould(world)
    }

    @Test("A random world of 2,000 accounts is written byte for byte as Yams's emitter writes it")
    func aRandomWorldWrittenAsYamsWould() throws {
        try expectWrittenAsYamsWould(Self.randomWorld(accounts: 2_000))
    }

    /// Accounts, vehicles and sessions named by tricky strings, with random flags.
    static func randomWorld(accounts count: Int) -> World {
        var random = SeededGenerator(state: 2_000)
        let words = Self.writable + ["Peugeot", "Citroën", "DS 7", "e-208", "Alice's phone"]
        let accounts = (0..<count).map { i in
            let pick = { words.randomElement(using: &random)! }
            let vehicles = (0..<Int.random(in: 0...2, using: &random)).map { v in
                Vehicle(vin: VIN(String(format: "VF3CC8HZ0K%07d", i * 3 + v))!, brand: pick(), model: pick(),
                        carAssociationID: CarAssociationID(String(1_000_000 + i * 3 + v))!,
                        carKey: CarKey(activated: Bool.random(using: &random), cvsStatus: .active), proximity: Proximity(paired: Bool.random(using: &random)))
            }
            return Account(username: "user\(i)-\(pick())", password: pick(), phone: PhoneNumber(String(format: "+3361%07d", i)),
                           pin: PIN("4321")!, pinFailures: Int.random(in: 0...1, using: &random), enrolledDevices: [pick(), "device-\(i)"],
                           vehicles: vehicles)
        }
        var world = World(name: "random", description: pick2(words, &random), startTime: SimTime(iso8601: "2026-01-05T09:00:00Z")!, seed: 7,
                          accounts: accounts, session: World.DefaultSession(device: "device-0"))
        for s in 0..<200 { world.openSession("session \(s)", settings: SessionSettings(device: words.randomElement(using: &random)!)) }
        return world
    }

    static func pick2(_ words: [String], _ random: inout SeededGenerator) -> String {
        words.randomElement(using: &random)! + "\n" + words.randomElement(using: &random)!
    }

    @Test("A world whose strings are the tricky ones exports what Yams's encoder writes, and loads back")
    func aWorldOfTrickyStrings() throws {
        let texts = Self.writable
        let accounts = texts.enumerated().map { i, text in
            Account(username: "\(i)-\(text)", password: text, pin: PIN("4321")!, enrolledDevices: [text, "d\(i)"],
                    vehicles: [Vehicle(vin: VIN(String(format: "VF3CC8HZ0K%07d", i))!, brand: text, model: text,
                                       carAssociationID: CarAssociationID(String(i + 1))!)])
        }
        let world = World(name: "tricky", description: Self.describable.joined(separator: " "), startTime: SimTime(iso8601: "2026-01-05T09:00:00Z")!,
                          seed: 14, accounts: accounts, session: World.DefaultSession(device: "d0"))
        let (ours, theirs) = (try ScenarioExporter.yaml(world), try ScenarioExportTests().reference(world))
        let (mine, yams) = (ours.split(separator: "\n").sorted(), theirs.split(separator: "\n").sorted())
        #expect(mine == yams, "only ours: \(mine.filter { !yams.contains($0) }.prefix(3)), only Yams's: \(yams.filter { !mine.contains($0) }.prefix(3))")
        try ScenarioExportTests().expectSameExport(world)
        try expectWrittenAsYamsWould(world)
    }

    @Test("A string with another line break (CR, NEL, LS) leaves the world to Yams's emitter: the same text")
    func otherLineBreaksGoToYams() throws {
        for text in ["a\rb", "off\r", "true\r\n", "x\u{85}y", "false\u{2028}"] {
            var world = try ScenarioLoader.load(.named("enrolled"))
            world.description = text
            #expect(try ScenarioYAMLEncoder.directText(world, options: ScenarioExporter.options) == nil)
            #expect(try ScenarioExporter.yaml(world) == ScenarioYAMLEncoder.encode(world, options: ScenarioExporter.options, direct: false))
        }
    }
}
