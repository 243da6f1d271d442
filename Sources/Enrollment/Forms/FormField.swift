/// One field of a form: its value as typed, and what is wrong with it right now (validation as you type).
public struct FormField: Hashable, Sendable {
    public var id: FieldID
    public var value: String
    /// Why the value cannot be sent as it is (nil when it can), or why the last key was refused.
    public var message: String?
    /// PIN and password fields are masked unless the user asks to see them.
    public var masked: Bool
    /// The value is a suggestion (a bookmark's `mark-2`), drawn selected: the first character typed
    /// replaces it, as in a text box whose text is all selected; Backspace or Enter keep it.
    public var suggested = false

    public init(_ id: FieldID, value: String = "", message: String? = nil) {
        self.id = id
        self.value = value
        self.message = message
        self.masked = id.kind.isSecret
    }

    public var kind: FieldKind { id.kind }
    public var label: String { id.label }
    /// What the screens draw: bullets for a masked field.
    public var display: String { masked ? String(repeating: "•", count: value.count) : value }
}
