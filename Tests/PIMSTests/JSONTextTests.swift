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

    @Test func prettyIsIndentedAndSorted() {
        #expect(JSONText.pretty(["b": [1], "a": "x"]) == "{\n  \"a\": \"x\",\n  \"b\": [\n    1\n  ]\n}")
    }
}
