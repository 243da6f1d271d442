import SimKernel

/// The fields of one prompt with the focus. Forms live in their flow's state, so leaving a flow,
/// a transport error or Esc on a busy call never loses what was typed.
public struct Form: Hashable, Sendable {
    public var fields: [FormField]
    public var focus: Int
    /// Why the last submit was refused before any call (a field problem, PINs that differ).
    public var error: String?

    /// - Parameter suggestions: values offered, which the first character typed replaces.
    public init(_ ids: [FieldID], values: [FieldID: String] = [:], suggestions: [FieldID: String] = [:], policy: PINPolicy = PINPolicy()) {
        fields = ids.map { id in
            var field = FormField(id, value: values[id] ?? suggestions[id] ?? "")
            field.suggested = values[id] == nil && !(suggestions[id] ?? "").isEmpty
            return field
        }
        focus = 0
        error = nil
        for i in fields.indices where !fields[i].value.isEmpty {
            fields[i].message = FieldValidation.problem(fields[i].value, kind: fields[i].kind, policy: policy)
        }
    }

    public var focused: FormField? { fields.indices.contains(focus) ? fields[focus] : nil }

    public subscript(id: FieldID) -> String {
        get { fields.first { $0.id == id }?.value ?? "" }
        set {
            guard let i = fields.firstIndex(where: { $0.id == id }) else { return }
            fields[i].value = newValue
        }
    }

    public func has(_ id: FieldID) -> Bool { fields.contains { $0.id == id } }

    mutating func type(_ c: Character, sendAsTyped: Bool, policy: PINPolicy) {
        guard fields.indices.contains(focus) else { return }
        let kind = fields[focus].kind
        let c = FieldValidation.normalised(c, kind: kind)
        error = nil
        if fields[focus].suggested {
            fields[focus].suggested = false
            fields[focus].value = ""
        }
        // A code or PIN typed in one go ("1234 1234", an SMS code then the PIN) runs on into the next
        // field: a separator after the digits, or a digit past the field's length, moves on. Sent as
        // typed, everything stays where it was typed.
        if !sendAsTyped, kind.movesOn, fields.indices.contains(focus + 1), !fields[focus].value.isEmpty {
            if FieldKind.separators.contains(c) {
                focus += 1
                return
            }
            if c.isASCIIDigit, FieldValidation.refusal(c, after: fields[focus].value, kind: kind, policy: policy) != nil {
                focus += 1
                type(c, sendAsTyped: sendAsTyped, policy: policy)
                return
            }
        }
        if let refusal = FieldValidation.refusal(c, after: fields[focus].value, kind: kind, policy: policy), !sendAsTyped {
            fields[focus].message = refusal
            return
        }
        fields[focus].value.append(c)
        fields[focus].message = FieldValidation.problem(fields[focus].value, kind: kind, policy: policy)
    }

    mutating func backspace(policy: PINPolicy) {
        guard fields.indices.contains(focus), !fields[focus].value.isEmpty else { return }
        error = nil
        fields[focus].suggested = false
        fields[focus].value.removeLast()
        let f = fields[focus]
        fields[focus].message = f.value.isEmpty ? nil : FieldValidation.problem(f.value, kind: f.kind, policy: policy)
    }

    mutating func set(_ id: FieldID, _ value: String, policy: PINPolicy) {
        guard let i = fields.firstIndex(where: { $0.id == id }) else { return }
        fields[i].value = value
        fields[i].suggested = false
        fields[i].message = FieldValidation.problem(value, kind: fields[i].kind, policy: policy)
        error = nil
    }

    mutating func clear(_ ids: [FieldID]) {
        for i in fields.indices where ids.contains(fields[i].id) {
            fields[i].value = ""
            fields[i].suggested = false
            fields[i].message = nil
        }
        if let first = fields.firstIndex(where: { ids.contains($0.id) }) { focus = first }
    }

    mutating func moveFocus(_ delta: Int) {
        guard !fields.isEmpty else { return }
        focus = (focus + delta % fields.count + fields.count) % fields.count
    }

    mutating func toggleMask() {
        guard fields.indices.contains(focus), fields[focus].kind.isSecret else { return }
        fields[focus].masked.toggle()
    }

    /// Checks the whole form before a call. Returns false (and says why in `error`) when a field
    /// cannot be sent and "send as typed" is off, or when two PIN entries differ (never sent: the
    /// confirmation is the app's own check, the backend has no such parameter).
    public mutating func validate(sendAsTyped: Bool, policy: PINPolicy, confirm pairs: [(FieldID, FieldID)] = []) -> Bool {
        for i in fields.indices {
            fields[i].message = FieldValidation.problem(fields[i].value, kind: fields[i].kind, policy: policy)
        }
        if !sendAsTyped, let bad = fields.firstIndex(where: { $0.message != nil }) {
            error = "\(fields[bad].label): \(fields[bad].message!)"
            focus = bad
            // One message per problem: the field to fix says why, once; the others wait their turn.
            for i in fields.indices where i != bad { fields[i].message = nil }
            return false
        }
        for (a, b) in pairs where self[a] != self[b] {
            error = "\(b.label) differs from \(a.label.lowercased()): type the same PIN twice"
            if let i = fields.firstIndex(where: { $0.id == b }) { focus = i }
            return false
        }
        error = nil
        return true
    }

    /// The value for a request parameter: as typed; an empty field is left out, so that sending it
    /// as typed shows the backend's 2101 (missing parameter).
    func param(_ id: FieldID) -> JSONValue? {
        let v = self[id]
        return v.isEmpty ? nil : .string(v)
    }
}
