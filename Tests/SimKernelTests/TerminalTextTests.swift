import Foundation
import SimKernel
import SimTestSupport
import Testing

/// The one rule for text that reaches a terminal or a log (issue 30.3), in the kernel: the escape,
/// its byte-level twin, and JSON output.
@Suite struct TerminalTextTests {
    @Test(arguments: TerminalPayload.all)
    func everyPayloadIsEscapedVisibly(_ payload: TerminalPayload) {
        let shown = payload.text.escapingControlCharacters
        #expect(!TerminalPayload.holdsUnsafe(shown), "\(shown.debugDescription)")
        #expect(shown.hasPrefix("f") && shown.hasSuffix("x") && shown.contains("\\u{"), "\(shown)")
        #expect(payload.text.hasTerminalUnsafeCharacter)
        // Kept line feeds are the only difference in the multi-line form.
        #expect(payload.text.escapingControlCharacters(keepingLineBreaks: true) == shown)
    }

    @Test func theSetIsExactlyControlsSeparatorsAndBidiControls() {
        // Every scalar: the rule, the byte-level check and the test's own list agree.
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let byRule = String.needsEscape(scalar)
            if byRule != TerminalPayload.isUnsafe(scalar) || byRule != text.hasTerminalUnsafeCharacter { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func ordinaryTextIsLeftAlone() {
        for text in ["alice@example.com", "Zoë · 日本 · ✓ — “quoted”", "Ünïcödé 🚗", "مرحبا", ""] {
            #expect(text.escapingControlCharacters == text)
            #expect(!text.hasTerminalUnsafeCharacter)
        }
        #expect("a\nb\tc".escapingControlCharacters == #"a\nb\tc"#)
        #expect("a\nb".escapingControlCharacters(keepingLineBreaks: true) == "a\nb")
    }

    @Test(arguments: TerminalPayload.all)
    func jsonWritesEveryPayloadAsEscapesAndReadsItBack(_ payload: TerminalPayload) throws {
        let value = JSONValue.object(["name": .string(payload.text), payload.text: .array([.string(payload.text)])])
        let text = JSONText.encode(value)
        #expect(!TerminalPayload.holdsUnsafe(text), "\(text.debugDescription)")
        #expect(text.contains(#"\u"#))
        #expect(try JSONText.parse(text) == value)
        // Valid JSON for another reader too.
        let other = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(other?["name"] as? String == payload.text)
    }

    @Test func jsonOfOrdinaryTextIsByteForByteAsBefore() {
        // Non-ASCII text is written as UTF-8, unescaped; the escapes JSON requires are unchanged.
        #expect(JSONText.encode(.string("Zoë ✓ 日本 🚗 مرحبا")) == "\"Zoë ✓ 日本 🚗 مرحبا\"")
        #expect(JSONText.encode(.string("a\"b\\c\nd\re\tf\u{1}")) == #""a\"b\\c\nd\re\tf\u0001""#)
        #expect(JSONText.encode(.string("\u{2028}\u{2029}\u{202E}\u{85}\u{7F}")) == #""\u2028\u2029\u202e\u0085\u007f""#)
        // A character whose UTF-8 starts like an escaped one is left alone (U+2030 ‰, U+00A0, U+2065).
        #expect(JSONText.encode(.string("‰\u{A0}\u{2065}")) == "\"‰\u{A0}\u{2065}\"")
    }
}
