import Foundation
import PIMS
@testable import SimKernel
@testable import SimWorld
import Testing
import Yams

/// A scenario in the plain form is read from libyaml's events (`ParsedYAML`, `ParsedYAMLDecoder`), and
/// must read exactly as Yams's composition and `NodeDecoder` read it; anything the direct reading
/// does not know, or refuses, goes to that way, which words the refusal (issue 14.3).
@Suite("§9 Scenarios: the direct load reads what Yams's composition reads")
struct DirectLoadTests {
    /// The way every refusal is worded: Yams composes, `NodeDecoder` decodes.
    static func composed<T: Decodable>(_ type: T.Type, _ yaml: String) -> T? {
        guard let node = try? Yams.compose(yaml: yaml, Resolver.basic) else { return nil }
        return try? NodeDecoder.decode(type, from: node).value
    }

    static func direct<T: Decodable>(_ type: T.Type, _ yaml: String) -> T? {
        ParsedYAML(composing: yaml).flatMap { ParsedYAMLDecoder.decode(type, from: $0) }
    }

    @Test("Every built-in scenario is read directly, into the world Yams's composition gives", arguments: ScenarioLoader.builtinNames)
    func builtins(_ name: String) throws {
        let yaml = try ScenarioLoader.text(of: .named(name)).yaml
        let direct = try #require(Self.direct(World.self, yaml))
        #expect(direct == Self.composed(World.self, yaml))
    }

    @Test("A random world of tricky strings, exported, is read directly and exports the same text")
    func randomWorld() throws {
        let world = YAMLStringStyleTests.randomWorld(accounts: 300)
        let yaml = try ScenarioExporter.yaml(world)
        let direct = try #require(Self.direct(World.self, yaml))
        #expect(try ScenarioExporter.yaml(direct) == yaml)
        #expect(direct == Self.composed(World.self, yaml))
    }

    /// Forms the direct reading leaves to Yams (it would read them differently, or Yams refuses them).
    static let leftToYams: [(String, String)] = [
        ("an anchor and an alias", "name: &n x\ndescription: *n\n"),
        ("a tag", "name: !!str x\n"),
        ("a tagged mapping", "name: x\npolicy: !!map {}\n"),
        ("a key written twice", "name: x\nname: y\n"),
        ("a key written twice, the second null", "name: x\ndescription: a\ndescription: ~\n"),
        ("a complex key", "? [a]\n: b\n"),
        ("two documents", "name: x\n---\nname: y\n"),
        ("a syntax error", "name: [x\n"),
        ("an empty document", "# nothing\n"),
        ("a duplicate among many keys", (0..<40).map { "k\($0): v\n" }.joined() + "k7: w\n"),
    ]

    @Test("Anchors, tags, repeated keys, several documents, syntax errors: left to Yams", arguments: leftToYams)
    func formsLeftToYams(_ form: (String, String)) {
        #expect(ParsedYAML(composing: form.1) == nil, "\(form.0)")
    }

    @Test("Plain documents are composed: keys in order, values' subtrees, nested lists")
    func composesPlainDocuments() throws {
        let tree = try #require(ParsedYAML(composing: "a: 1\nb:\n  - x\n  - {c: 'y'}\nd: []\n"))
        #expect(tree.keys(ofMapping: 0).map { tree.nodes[$0].text } == ["a", "b", "d"])
        #expect(tree.nodes.map(\.kind) == [.mapping, .scalar, .scalar, .scalar, .sequence, .scalar, .mapping, .scalar, .scalar, .scalar, .sequence])
        #expect(tree.nodes[4].end == 9)
        #expect(tree.nodes[8].plain == false && tree.nodes[2].plain)
        #expect(ParsedYAML(composing: (0..<40).map { "k\($0): v\n" }.joined())?.keys(ofMapping: 0).map { $0 }.count == 40)
    }

    /// A scenario with a key it does not know, a value of the wrong type, a missing key, or a broken
    /// invariant: the direct reading gives nil, and the strict load's refusal is the one it words.
    static let refused: [(String, String)] = [
        ("an unknown key", "name: x\nstartTime: '2026-01-05T09:00:00Z'\nsession: {device: d}\ncolour: red\n"),
        ("an unknown key deep down", "name: x\nstartTime: '2026-01-05T09:00:00Z'\nsession: {device: d}\npolicy: {colour: red}\n"),
        ("a list at the top", "- name: x\n"),
        ("a scalar at the top", "x\n"),
        ("a wrong type", "name: x\nstartTime: '2026-01-05T09:00:00Z'\nsession: {device: d}\nseed: many\n"),
        ("a quoted number", "name: x\nstartTime: '2026-01-05T09:00:00Z'\nsession: {device: d}\nseed: '14'\n"),
        ("a missing key", "name: x\nsession: {device: d}\n"),
    ]

    @Test("Unknown keys, wrong types and missing keys: read by the way that words them", arguments: refused)
    func refusalsLeftToTheStrictWay(_ form: (String, String)) throws {
        #expect(Self.direct(World.self, form.1) == nil, "\(form.0)")
        #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(yaml: form.1, origin: "t.yaml") }
    }

    @Test("An unknown key whose value is null is absent, as the strict way reads it")
    func unknownNullKey() throws {
        let yaml = "name: x\nstartTime: '2026-01-05T09:00:00Z'\nsession: {device: d}\ncolour: ~\n"
        #expect(Self.direct(World.self, yaml) != nil)
        #expect(try ScenarioLoader.parse(yaml: yaml, origin: "t.yaml") == Self.direct(World.self, yaml))
    }

    struct Probe<Value: Codable & Equatable>: Codable, Equatable {
        var optional: Value?
        var required: Value
    }

    /// Spellings next to each scalar constructor's rules: booleans' words and cases, quoted ones,
    /// octal, hexadecimal, binary, `_`, signs, sexagesimal, overflow, nulls, block scalars.
    static let spellings: [String] = [
        "true", "True", "TRUE", "tRuE", "yes", "No", "off", "ON", "y", "'true'", "\"yes\"", "0", "00", "07", "010", "08", "0x1F", "0b11",
        "0o17", "1_000", "+5", "-3", "-0", "1:30", "123456789012345678", "1234567890123456789", "9223372036854775807",
        "9223372036854775808", "18446744073709551615", "99999999999999999999", "~", "null", "Null", "NULL", "nULL", "''", "\"\"",
        "'null'", "3.14", ".inf", "-.inf", ".nan", "1e3", "abc", "'123'", "\"0x1F\"", "|\n  multi\n  line", ">\n  folded", "2026-01-05",
        "", "[]", "{}", "[1]",
        // Words with no digit (no number) and the few numbers Yams reads with a sign, `_` or `:` first.
        "ios", "tutorial", "alice@example.com", "n", "nan", "NaN", "-.inf", "inf", "Infinity", "-", "+", "_", "_5", "+-1:5",
        "-1:+5", "0x", "x1", "2.3", "1_0.5e1",
    ]

    @Test("Scalars of every type read as Yams's constructors read them", arguments: spellings)
    func scalars(_ spelling: String) {
        func same<V: Codable & Equatable>(_ type: V.Type) {
            let yaml = "optional: \(spelling)\nrequired: \(spelling)\n"
            // Compared as text: a NaN is not equal to itself.
            #expect(String(describing: Self.direct(Probe<V>.self, yaml)) == String(describing: Self.composed(Probe<V>.self, yaml)),
                    "\(V.self) from \(spelling)")
        }
        same(Bool.self)
        same(Int.self)
        same(UInt64.self)
        same(Int8.self)
        same(String.self)
        same(Double.self)
        same([Int].self)
        same([String: Int].self)
        // The rest of Yams's scalar types, which the direct reading knows by identity (`YamsScalars`).
        same(Float.self)
        same(UInt.self)
        same(Int64.self)
        same(Int32.self)
        same(Int16.self)
        same(UInt32.self)
        same(UInt16.self)
        same(UInt8.self)
        same(Date.self)
        same(Data.self)
        same(UUID.self)
        same(URL.self)
        same(Decimal.self)
        same(Celsius.self)
        // Each word a session setting holds is asked whether it is an integer, then a float.
        same(JSONValue.self)
    }

    /// A scalar type Yams does not know, whose `init(from:)` asks the node for itself again (as
    /// `Double(from:)` does): read by its own constructor, not in an endless descent.
    struct Celsius: Codable, Equatable, ScalarConstructible {
        var degrees: Int
        init(degrees: Int) { self.degrees = degrees }
        init(from decoder: any Decoder) throws { self = try decoder.singleValueContainer().decode(Celsius.self) }
        func encode(to encoder: any Encoder) throws {}
        static func construct(from scalar: Node.Scalar) -> Celsius? {
            guard scalar.string.hasSuffix("C"), let degrees = Int(scalar.string.dropLast()) else { return nil }
            return Celsius(degrees: degrees)
        }
    }

    @Test("A scalar type of the document's own is read by its constructor")
    func ownScalarType() {
        let yaml = "optional: 21C\nrequired: -3C\n"
        #expect(Self.direct(Probe<Celsius>.self, yaml) == Probe(optional: Celsius(degrees: 21), required: Celsius(degrees: -3)))
        #expect(Self.direct(Probe<Celsius>.self, "required: warm\n") == nil)
    }
}
