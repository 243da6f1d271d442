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
