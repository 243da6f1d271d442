import Enrollment
import PIMS
import Testing

/// A paste goes into the focused field in one step: filtered to what the field takes, capped at its
/// limit, with a notice saying what was left out.
@Suite struct PasteTests {
    /// Logged in, on the guided enrollment's prompt with these fields (the first focused).
    static func prompt(_ ids: [FieldID], values: [FieldID: String] = [:]) -> AppState {
        var s = AppState()
        s.session.connection = .connected(s.session.config.backend)
        s.session.loggedIn = "alice@example.com"
        s.route = .guided
        s.guided.stage = .existingPIN
        s.guided.form = Form(ids, values: values)
        return s
    }

    @Test("A PIN keeps the digits, up to the policy's 6; the notice counts what was left out")
    func pinIsFilteredAndCapped() {
        var t = ReducerHarness(Self.prompt([.pin]))
        t.send(.pasted("12 34-5a678")) {
            $0.guided.form.fields[0].value = "123456"
            $0.editing = true  // a paste starts editing the focused field
            $0.guided.form.fields[0].message = nil
            $0.notice = Notice(kind: .warning, label: "Paste into PIN: 6 of 11 characters kept",
                               detail: "Left out: 3 the field does not take (digits only: 'a' refused); 2 past its limit of 6.",
                               advice: "Check the field before sending.")
        }
    }

    @Test("A phone pasted with its spaces and line break goes in clean; only an info notice")
    func phoneLosesItsSpaces() {
        var t = ReducerHarness(Self.prompt([.phone]))
        t.send(.pasted("06 12 34 56 78\n")) {
            $0.guided.form.fields[0].value = "0612345678"
            $0.editing = true  // a paste starts editing the focused field
            $0.guided.form.fields[0].message = nil
            $0.notice = Notice(kind: .info, label: "Paste into Phone number: 10 of 14 characters kept",
                               detail: "Left out: 4 the field does not take (digits (and a leading +) only: ' ' refused).",
                               advice: "Check the field before sending.")
        }
        var international = ReducerHarness(Self.prompt([.phone]))
        international.send(.pasted("+33 6 12 34 56 78")) {
            $0.guided.form.fields[0].value = "+33612345678"
            $0.editing = true  // a paste starts editing the focused field
            $0.guided.form.fields[0].message = nil
            $0.notice = Notice(kind: .info, label: "Paste into Phone number: 12 of 17 characters kept",
                               detail: "Left out: 5 the field does not take (digits (and a leading +) only: ' ' refused).",
                               advice: "Check the field before sending.")
        }
    }

    @Test("10 KB into a free-text field: the first 1,024 characters, after what was there")
    func tenKilobytesAreCut() {
        var t = ReducerHarness(Self.prompt([.device], values: [.device: "pixel"]))
        let paste = String(repeating: "0123456789", count: 1_024)
        t.send(.pasted(paste)) {
            $0.guided.form.fields[0].value = "pixel" + String(paste.prefix(FieldValidation.textLimit - 5))
            $0.editing = true  // a paste starts editing the focused field
            $0.guided.form.fields[0].message = nil
            $0.notice = Notice(kind: .warning, label: "Paste into Device id: 1019 of 10240 characters kept",
                               detail: "Left out: 9221 past its limit of 1024.", advice: "Check the field before sending.")
        }
    }

    @Test("A paste that fits whole changes the field only, and a VIN is pasted in capitals")
    func aFittingPasteNeedsNoBanner() {
        var t = ReducerHarness(Self.prompt([.vin]))
        t.send(.pasted("vr1ab12c3d4567890")) {
            $0.guided.form.fields[0].value = "VR1AB12C3D4567890"
            $0.editing = true  // a paste starts editing the focused field
            $0.guided.form.fields[0].message = nil
        }
    }

    @Test("Nothing the field takes: the field says why, as for a refused key")
    func nothingKept() {
        var t = ReducerHarness(Self.prompt([.smsCode]))
        t.send(.pasted("abc")) {
            $0.guided.form.fields[0].message = "digits only: 'c' refused"
            $0.editing = true  // a paste starts editing the focused field
            $0.notice = Notice(kind: .info, label: "Paste into SMS code: 0 of 3 characters kept",
                               detail: "Left out: 3 the field does not take (digits only: 'c' refused).",
                               advice: "Check the field before sending.")
        }
    }

    @Test("Send as typed keeps letters in a PIN, but never line breaks or control characters")
    func sendAsTypedKeepsWhatTypingWould() {
        var s = Self.prompt([.pin])
        s.sendAsTyped = true
        var t = ReducerHarness(s)
        t.send(.pasted("12a\t4\u{1B}\r\n")) {
            $0.guided.form.fields[0].value = "12a4"
            $0.editing = true  // a paste starts editing the focused field
            $0.guided.form.fields[0].message = "digits only"
            $0.notice = Notice(kind: .info, label: "Paste into PIN: 4 of 6 characters kept",
                               detail: "Left out: 2 the field does not take (one line only).", advice: "Check the field before sending.")
        }
    }

    @Test("No focused field (the home menu): the paste is ignored, and the notice says so")
    func noFieldNoPaste() {
        var s = Self.prompt([])
        s.route = .home
        var t = ReducerHarness(s)
        t.send(.pasted("q")) { $0.notice = .info("Paste ignored: no text field has the focus here.") }
    }

    @Test("The help overlay takes no paste, as it takes no typing")
    func helpTakesNoPaste() {
        var s = Self.prompt([.pin])
        s.showHelp = true
        var t = ReducerHarness(s)
        t.send(.pasted("1234"))
    }

    @Test("Typing stops at the same limit as pasting")
    func typingHasTheSameLimit() {
        // Typed keys go into a field being edited (the prompt is on arrival).
        var full = Self.prompt([.device], values: [.device: String(repeating: "x", count: FieldValidation.textLimit)])
        full.editing = true
        var t = ReducerHarness(full)
        t.send(.typed("y")) { $0.guided.form.fields[0].message = "at most 1024 characters" }
        var nines = Self.prompt([.advanceSeconds], values: [.advanceSeconds: String(repeating: "9", count: FieldValidation.numberLimit)])
        nines.editing = true
        var seconds = ReducerHarness(nines)
        seconds.send(.typed("9")) { $0.guided.form.fields[0].message = "at most 18 digits" }
    }
}
