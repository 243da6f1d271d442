/// A paste into the focused field. The terminal hands it over whole (bracketed paste), so it goes in
/// as one step, not as thousands of keys: what typing would refuse is left out (the spaces of
/// "06 12 34 56 78", a line break), nothing goes past the field's limit, and a notice says what
/// was left out and why.

extension FieldValidation {
    /// Free text (usernames, device ids, URLs, file paths): room for any of them, and a bound, so
    /// that no field grows without end (a whole file pasted, a key held down).
    public static let textLimit = 1_024
    /// Seconds to advance the clock: more digits than this are never meant.
    public static let numberLimit = 18

    /// The most characters a field of this kind holds after `value` (a phone's depends on its +).
    public static func limit(_ kind: FieldKind, after value: String, policy: PINPolicy) -> Int { kind.limit(value, policy) }
}

/// What a paste did to the field: how much went in, and what was left out and why.
public struct PasteReport: Hashable, Sendable {
    /// Characters added to the field.
    public var kept = 0
    /// Characters the field never takes (a letter in a PIN, a line break), left out.
    public var refused = 0
    /// Characters that came after the field was full, left out.
    public var overLimit = 0
    /// Why the last refused character was refused, in typing's words.
    public var refusal: String?
    /// The field's limit when it was full.
    public var limit: Int?

    public var total: Int { kept + refused + overLimit }
    public var leftOut: Int { refused + overLimit }
}

extension Form {
    /// Pastes `text` at the end of the focused field, character by character through typing's own
    /// checks. With send as typed, every character but line breaks and control characters is kept,
    /// up to the limit of free text.
    mutating func paste(_ text: String, sendAsTyped: Bool, policy: PINPolicy) -> PasteReport {
        var report = PasteReport()
        guard fields.indices.contains(focus) else { return report }
        let kind = fields[focus].kind
        var value = fields[focus].value
        var count = value.count
        // A copied line usually brings its line break: not part of what was meant.
        var body = Substring(text)
        while body.last?.isNewline == true { body.removeLast() }
        var i = body.startIndex
        while i < body.endIndex {
            let limit = sendAsTyped ? FieldValidation.textLimit : FieldValidation.limit(kind, after: value, policy: policy)
            if count >= limit {
                report.overLimit = body[i...].count
                report.limit = limit
                break
            }
            let c = FieldValidation.normalised(body[i], kind: kind)
            i = body.index(after: i)
            if c.isControl {
                report.refused += 1
                report.refusal = "one line only"
                continue
            }
            if !sendAsTyped, let refusal = FieldValidation.refusal(c, after: value, kind: kind, policy: policy) {
                report.refused += 1
                report.refusal = refusal
                continue
            }
            value.append(c)
            count += 1
            report.kept += 1
        }
        error = nil
        fields[focus].value = value
        fields[focus].message = report.kept == 0 && value.isEmpty
            ? report.refusal
            : FieldValidation.problem(value, kind: kind, policy: policy)
        return report
    }
}

extension Character {
    /// A line break, a tab, an escape…: never part of a one-line value.
    fileprivate var isControl: Bool {
        if let ascii = asciiValue { return ascii < 0x20 || ascii == 0x7F }
        return isNewline || unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

extension String {
    /// `count >= n` without counting a long text: its UTF-8 length, known at once, bounds its
    /// characters (typing checks the limit at every key, and a paste at every character).
    func hasAtLeast(_ n: Int) -> Bool {
        utf8.count >= n && count >= n
    }
}

extension AppState {
    /// `.pasted`: into the focused field, with a notice when some of it was left out.
    mutating func pasted(_ text: String) -> [Effect] {
        guard let field = focusedField else {
            if let effects = route.scope.paste(text, &self) { return effects }
            notice = .info("Paste ignored: no text field has the focus here.")
            return []
        }
        // A paste says where it is meant to go: it starts editing the focused field.
        editing = true
        let (asTyped, policy) = (sendAsTyped, session.policy)
        var report = PasteReport()
        editActiveForm { report = $0.paste(text, sendAsTyped: asTyped, policy: policy) }
        guard report.leftOut > 0 else { return [] }
        var reasons: [String] = []
        if report.refused > 0, let refusal = report.refusal {
            reasons.append("\(report.refused) the field does not take (\(refusal))")
        }
        if report.overLimit > 0, let limit = report.limit {
            reasons.append("\(report.overLimit) past its limit of \(limit)")
        }
        // Cut short is worth a warning; spaces and dashes left out of a number are only news.
        notice = Notice(kind: report.overLimit > 0 ? .warning : .info, label: "Paste into \(field.label): \(report.kept) of \(report.total) characters kept",
                        detail: "Left out: " + reasons.joined(separator: "; ") + ".",
                        advice: "Check the field before sending.")
        return []
    }
}
