import PIMS
import Testing

@Suite("JSON text")
struct JSONTextTests {
    @Test func parsesEveryKindKeepingIntsDoublesAndBoolsApart() throws {
        let v = try JSONText.parse(#"{"a": 1, "b": 1.5, "c": true, "d": null, "e": ["x", -2e3], "f": {"g": "\u00e9\n"}}"#)
        #expect(v == ["a": 1, "b": 1.5, "c": true, "d": nil, "e": ["x", -2000.0], "f": ["g": "é\n"]])
    }

    @Test func encodesCompactWithSortedKeysAndEscapes() {
        let v: JSONValue = ["z": 1, "a": ["q\"uote", "tab\t", "\u{01}"], "m": 2.5, "n": nil, "t": true]
        #expect(JSONText.encode(v) == #"{"a":["q\"uote","tab\t","\u0001"],"m":2.5,"n":null,"t":true,"z":1}"#)
    }

    /// DEL too (issue 30.3: JSON read in a terminal shows it rather than sending it).
    @Test func escapesEveryControlCharacterBesideTextKeptWhole() {
        let v: JSONValue = .string("a\u{1F}b\r\\c\u{7F}é\u{00}")
        #expect(JSONText.encode(v) == #""a\u001fb\r\\c\u007f"# + "é" + #"\u0000""#)
    }

    /// `batch` writes responses without building their object: the bytes must be the object's.
    @Test(arguments: [
        CallResponse.success("tx-000001", ["b": 1, "a": ["x": "y\n"]]),
        CallResponse.success("tx-000002"),
        CallResponse.failure("tx-000003", CallError(domain: "pims", code: .number(2307), name: nil, label: "Wrong \"PIN\"", detail: "2 left")),
        CallResponse.failure("tx-000004", CallError(domain: nil, code: .text("E_X"), name: "x", label: "x", detail: nil), result: ["steps": []]),
    ])
    func responsesWriteTheBytesOfTheirObject(response: CallResponse) {
        var out: [UInt8] = []
        response.write(into: &out)
        #expect(String(decoding: out, as: UTF8.self) == JSONText.encode(response.json))
    }

    @Test func roundTrips() throws {
        let v: JSONValue = ["params": ["pinCode": "0012", "n": 132324, "list": [true, false, nil]], "emoji": "🚗 é"]
        #expect(try JSONText.parse(JSONText.encode(v)) == v)
    }

    @Test(arguments: ["", "{", "{\"a\":}", "[1,]", "tru", "\"open", "{\"a\":1} x", "01", "{'a':1}"])
    func refusesInvalidJSON(text: String) {
        #expect(throws: JSONText.ParseError.self) { try JSONText.parse(text) }
    }

    /// Objects of every size are written with their keys sorted as Swift orders strings (by
    /// scalars): past the few keys of most answers, non-ASCII keys, a key a prefix of another.
    @Test(arguments: [0, 1, 2, 3, 17, 64])
    func objectsOfEverySizeAreWrittenWithTheirKeysSorted(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let pool = ["a", "ab", "B", "é", "z", "Z", "a b", "\u{1F697}", "k", "ka"]
        var object: [String: JSONValue] = [:]
        while object.count < count { object["\(pool.randomElement(using: &generator)!)\(object.count % 7)\(Int.random(in: 0..<1000))"] = .int(object.count) }
        let expected = "{" + object.keys.sorted().map { JSONText.encode(.string($0)) + ":" + JSONText.encode(object[$0]!) }
            .joined(separator: ",") + "}"
        #expect(JSONText.encode(.object(object)) == expected)
        #expect(JSONText.encode(["nested": .object(object), "a": [.object(object)]]) == #"{"a":["# + expected + #"],"nested":"# + expected + "}")
    }

    /// `batch` reads a line's top-level object as its fields: the same members, or the same error at
    /// the same offset, as the dictionary `parse` builds.
    @Test(arguments: [
        #"{"type": "get", "name": "x", "params": {"a": [1, {"b": null}]}, "session": "s"}"#, "{}", " { } ", "[1]", "\"s\"", "3",
        "", "{", #"{"a":}"#, #"{"a": 1,}"#, #"{"a": 1} x"#, #"{"a": 1, "a": 2}"#, #"{"a": {"b": 1, "b": 2}}"#, #"{'a': 1}"#,
        #"{"a" 1}"#, #"{"a": 1 "b": 2}"#, #"{"a": "\u00e9\n", "b": -0.5e2}"#,
        "{" + (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + "}",
        "{" + (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + #", "k33": 0}"#,
        "{" + (0..<10).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + #", "k3": 0}"#,
    ])
    func topLevelFieldsReadAsTheParsedObject(text: String) {
        let parsed = Result { () throws(JSONText.ParseError) in try JSONText.parse(text) }
        let fields = Result { () throws(JSONText.ParseError) in try JSONText.parseTopLevel(text) }
        switch (parsed, fields) {
        case (.success(.object(let o)), .success(.object(let f))):
            #expect(f.dictionary == o)
            #expect(f.count == o.count)
            for (key, value) in o { #expect(f[key] == value) }
            #expect(f["absent"] == nil)
        case (.success(let v), .success(.value(let w))):
            #expect(v == w)
            #expect(v.objectValue == nil)
        case (.failure(let e), .failure(let f)):
            #expect(e.description == f.description)
        default:
            Issue.record("parse gave \(parsed), parseTopLevel \(fields)")
        }
    }

    @Test func prettyIsIndentedAndSorted() {
        #expect(JSONText.pretty(["b": [1], "a": "x"]) == "{\n  \"a\": \"x\",\n  \"b\": [\n    1\n  ]\n}")
    }
}
