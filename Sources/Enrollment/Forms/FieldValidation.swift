/// Validation as the user types. Without "send as typed", a key that cannot belong to the value
/// (a letter in a PIN, a 7th PIN digit) is refused with a message; with it, everything is taken so
/// that QA can make the backend answer 2101/2102, and the message only warns. Each field's kind
/// says what it takes (`FieldKind`, declared by its front).
public enum FieldValidation {
    /// The problem with a whole value, or nil when it can be sent.
    public static func problem(_ value: String, kind: FieldKind, policy: PINPolicy) -> String? { kind.problem(value, policy) }

    /// Why `c` may not be typed after `value`, or nil when it may.
    public static func refusal(_ c: Character, after value: String, kind: FieldKind, policy: PINPolicy) -> String? {
        kind.refusal(c, value, policy)
    }

    /// A VIN is typed in capitals whatever the shift key says.
    static func normalised(_ c: Character, kind: FieldKind) -> Character {
        kind.uppercased ? Character(c.uppercased()) : c
    }
}
