@testable import Enrollment
import PIMS
import Testing

/// Issue 38 (13): codes and PINs typed in one go run on into the next field; a suggested value is
/// replaced by the first character typed (issue 38, 14).
@Suite struct RunOnTypingTests {
    let policy = PINPolicy()

    func typed(_ text: String, into form: Form, sendAsTyped: Bool = false) -> Form {
        var form = form
        for c in text { form.type(c, sendAsTyped: sendAsTyped, policy: policy) }
        return form
    }

    @Test func anSMSCodeRunsOnIntoThePINThenItsConfirmation() {
        let form = typed("90471357 1357", into: Form([.smsCode, .pin, .pinConfirm]))
        #expect(form[.smsCode] == "9047" && form[.pin] == "1357" && form[.pinConfirm] == "1357")
        #expect(form.focus == 2)
    }

    @Test func aPINTakesItsLongestLengthThenMovesOn() {
        let form = typed("12345678", into: Form([.pin, .pinConfirm]))
        #expect(form[.pin] == "123456" && form[.pinConfirm] == "78")
    }

    @Test("A separator after the digits moves on", arguments: [" ", "-", "/", ",", "."])
    func separators(_ separator: String) {
        let form = typed("2468\(separator)2468", into: Form([.sdkPin, .sdkPinConfirm]))
        #expect(form[.sdkPin] == "2468" && form[.sdkPinConfirm] == "2468")
    }

    @Test func theLastFieldStillRefusesAndSendAsTypedKeepsEverything() {
        let last = typed("1234567", into: Form([.pin]))
        #expect(last[.pin] == "123456" && last.fields[0].message == "a PIN has at most 6 digits")
        let asTyped = typed("1234 5678", into: Form([.pin, .pinConfirm]), sendAsTyped: true)
        #expect(asTyped[.pin] == "1234 5678" && asTyped[.pinConfirm].isEmpty)
        // A leading separator moves nowhere.
        #expect(typed(" 12", into: Form([.pin, .pinConfirm])).focus == 0)
    }

    @Test func aSuggestionIsReplacedByTheFirstCharacterAndKeptByBackspace() {
        let suggested = Form([.bookmarkName], suggestions: [.bookmarkName: "mark-1"])
        #expect(suggested[.bookmarkName] == "mark-1" && suggested.fields[0].suggested)
        #expect(typed("before", into: suggested)[.bookmarkName] == "before")
        var kept = suggested
        kept.backspace(policy: policy)
        #expect(kept[.bookmarkName] == "mark-" && !kept.fields[0].suggested)
        #expect(typed("7", into: kept)[.bookmarkName] == "mark-7")
        // A value given (not suggested) is typed after, as before.
        #expect(typed("x", into: Form([.bookmarkName], values: [.bookmarkName: "a"]))[.bookmarkName] == "ax")
    }
}
