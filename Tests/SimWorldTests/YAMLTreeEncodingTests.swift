@testable import SimWorld
import Testing
import Yams

/// The exporter's encoder on shapes the world does not have today, against Yams's own encoder:
/// a mapping large enough to be indexed, keys encoded twice, optionals, other integer widths and
/// floating point, classes, and the coding path it rebuilds only when asked (issue 14.3).
@Suite("§9 Scenarios: the exporter's encoder on any Encodable")
struct YAMLTreeEncodingTests {
    /// Encodes `key` twice (the second value wins, in the first one's place) and opens two keyed
    /// containers on one encoder (their keys merge), as `SessionEntry` and `DefaultSession` do.
    struct Reencoding: Encodable {
        enum Keys: String, CodingKey { case first, again, nested, last }
        enum More: String, CodingKey { case more }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("one", forKey: .first)
            try c.encode(1, forKey: .again)
            try c.encode([1, 2], forKey: .nested)
            try c.encode("two", forKey: .again)
            try c.encode(["x": true], forKey: .nested)
            var d = encoder.container(keyedBy: More.self)
            try d.encode(Int8(-8), forKey: .more)
            try c.encode(UInt64.max, forKey: .last)
        }
    }

    class Base: Encodable {
        var name = "base"
    }

    final class Derived: Base {
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.encode("derived", forKey: AnyCodingKey("kind"))
            try c.encode(name, forKey: AnyCodingKey("name"))
        }
    }

    struct Everything: Encodable {
        var big = Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", $0 * 3 - 50) })
        var again = Reencoding()
        var optionals: [String?] = ["a", nil, "yes", nil]
        var maybeNumbers: [Int?] = [nil, 7, -7]
        var absent: Int?
        var widths: [Int16] = [-300, 300]
        var unsigned: [UInt8] = [0, 255]
        var floating: [Double] = [1.5, -0.25, 3]
        var classes: [Base] = [Base(), Derived()]
        var empties: [[String: Int]] = [[:], ["k": 1]]
        var nestedLists: [[String]] = [[], ["on", "off"], ["plain text", "it's"]]
        var text = "two\nlines"
    }

    func yams(_ value: some Encodable) throws -> String {
        let encoder = YAMLEncoder()
        encoder.options = ScenarioExporter.options
        return try encoder.encode(value)
    }

    @Test("Any Encodable: the writer's text is Yams's emitter's for the same tree, and holds what Yams's encoder writes")
    func sameAsYams() throws {
        let value = Everything()
        let direct = try #require(try ScenarioYAMLEncoder.directText(value, options: ScenarioExporter.options))
        #expect(direct == (try ScenarioYAMLEncoder.encode(value, options: ScenarioExporter.options, direct: false)))
        let reference = try yams(value)
        #expect(try ScenarioExportTests().content(direct) == ScenarioExportTests().content(reference),
                "\(ScenarioExportTests().firstDifference(direct, reference))")
    }

    @Test("A key encoded again keeps its place with the last value; a second container on one encoder adds its keys")
    func reencodedKeys() throws {
        let text = try ScenarioYAMLEncoder.encode(Reencoding(), options: ScenarioExporter.options)
        #expect(text == "first: one\nagain: two\nnested:\n  x: true\nmore: -8\nlast: 18446744073709551615\n")
    }

    @Test("A mapping past the size where its keys are indexed still finds a key encoded again")
    func bigMappingReencoded() throws {
        struct Wide: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyCodingKey.self)
                for i in 0..<100 { try c.encode(i, forKey: AnyCodingKey("k\(i)")) }
                for i in stride(from: 0, to: 100, by: 7) { try c.encode("again \(i)", forKey: AnyCodingKey("k\(i)")) }
            }
        }
        let text = try ScenarioYAMLEncoder.encode(Wide(), options: ScenarioExporter.options)
        let expected = (0..<100).map { i in i % 7 == 0 ? "k\(i): again \(i)\n" : "k\(i): \(i)\n" }.joined()
        #expect(text == expected)
    }

    @Test("Keys that are not plain names (words YAML reads otherwise, spaces, long ones) are written as Yams's emitter writes them")
    func unusualKeys() throws {
        let keys = ["yes", "on", "null", "1", "2.3", "a b", "key: value", "it's", "é", String(repeating: "k", count: 129), "plain", "plain"]
        for key in keys {
            let value = ["first": 1, key: 2]
            let direct = try ScenarioYAMLEncoder.encode(value, options: ScenarioExporter.options)
            #expect(direct == (try ScenarioYAMLEncoder.encode(value, options: ScenarioExporter.options, direct: false)), "\(key)")
        }
    }

    /// Records the coding path it is encoded at, as a type reporting an error would read it.
    final class PathProbe: Encodable {
        var seen: [[String]] = []
        func encode(to encoder: any Encoder) throws {
            seen.append(encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })
            var c = encoder.singleValueContainer()
            try c.encode("probe")
        }
    }

    struct Holder: Encodable {
        let probe: PathProbe
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.encode(probe, forKey: AnyCodingKey("top"))
            var list = c.nestedUnkeyedContainer(forKey: AnyCodingKey("items"))
            try list.encode("zero")
            var item = list.nestedContainer(keyedBy: AnyCodingKey.self)
            try item.encode(probe, forKey: AnyCodingKey("inner"))
            try list.encode(probe)
        }
    }

    @Test("The coding path, rebuilt from the tree when asked, is the one Yams's encoder gives")
    func codingPath() throws {
        let (ours, theirs) = (PathProbe(), PathProbe())
        _ = try ScenarioYAMLEncoder.encode(Holder(probe: ours), options: ScenarioExporter.options)
        _ = try yams(Holder(probe: theirs))
        #expect(ours.seen == [["top"], ["items", "1", "inner"], ["items", "2"]])
        #expect(ours.seen == theirs.seen)
    }
}
