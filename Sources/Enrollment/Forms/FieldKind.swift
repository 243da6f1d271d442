import SimKernel

/// What a field holds, which decides what may be typed, what is valid and how it is drawn. An open
/// set: the shell's kinds are here, each front declares its own beside its fields (PIMS's PIN and
/// SMS code, Futurae's SDK PIN, …), and a front registered from outside the module names its own.
public struct FieldKind: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// The problem with a whole value, or nil when it can be sent.
    let problem: @Sendable (_ value: String, _ policy: PINPolicy) -> String?
    /// Why a character may not be typed after the value, or nil when it may.
    let refusal: @Sendable (_ c: Character, _ value: String, _ policy: PINPolicy) -> String?
    /// The most characters the field holds after the value (a paste stops there).
    let limit: @Sendable (_ value: String, _ policy: PINPolicy) -> Int
    /// Digits of a bounded length (codes and PINs): typing runs on into the next field.
    public let movesOn: Bool
    /// Masked unless the user asks to see it.
    public let isSecret: Bool
    /// Typed in capitals whatever the shift key says (a VIN, a binding token).
    let uppercased: Bool
    /// How the screens draw it.
    public let look: FieldLook
    /// The app checks it before it calls, and `x` (send as typed) lets a malformed value through to
    /// the backend's own input check.
    public let sendsAsTyped: Bool

    public init(_ name: String, look: FieldLook = .text(placeholder: ""), movesOn: Bool = false, isSecret: Bool = false, uppercased: Bool = false,
                sendsAsTyped: Bool = false,
                limit: @escaping @Sendable (_ value: String, _ policy: PINPolicy) -> Int,
                problem: @escaping @Sendable (_ value: String, _ policy: PINPolicy) -> String?,
                refusal: @escaping @Sendable (_ c: Character, _ value: String, _ policy: PINPolicy) -> String?) {
        self.name = name
        self.look = look
        self.movesOn = movesOn
        self.isSecret = isSecret
        self.uppercased = uppercased
        self.sendsAsTyped = sendsAsTyped
        self.limit = limit
        self.problem = problem
        self.refusal = refusal
    }

    public static func == (a: Self, b: Self) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }

    /// What a user types between two codes or PINs typed in one go.
    static let separators: Set<Character> = [" ", "-", "/", ",", ".", ";"]

    /// Free text (usernames, device ids, URLs, file paths).
    public static let text = FieldKind("text", limit: { _, _ in FieldValidation.textLimit },
                                       problem: { value, _ in value.isEmpty ? "required" : nil }, refusal: textRefusal)
    public static let password = FieldKind("password", isSecret: true, limit: { _, _ in FieldValidation.textLimit },
                                           problem: { value, _ in value.isEmpty ? "required" : nil }, refusal: textRefusal)
    /// A whole number ≥ 0 (seconds to advance the clock).
    public static let number = FieldKind("number", look: .text(placeholder: "seconds"), limit: { _, _ in FieldValidation.numberLimit },
                                         problem: { value, _ in Int(value).map { $0 >= 0 ? nil : "a whole number ≥ 0" } ?? "a whole number" },
                                         refusal: { c, value, _ in
        if !c.isASCIIDigit { return "digits only: '\(c)' refused" }
        return value.hasAtLeast(FieldValidation.numberLimit) ? "at most \(FieldValidation.numberLimit) digits" : nil
    })

    private static let textRefusal: @Sendable (Character, String, PINPolicy) -> String? = { c, value, _ in
        if c.isNewline { return "one line only" }
        return value.hasAtLeast(FieldValidation.textLimit) ? "at most \(FieldValidation.textLimit) characters" : nil
    }
}

/// How a field is drawn: what the screens need to know of its kind.
public enum FieldLook: Sendable {
    /// A line of text, with a hint while empty.
    case text(placeholder: String)
    /// One box per digit of a code or PIN: how many boxes for the digits typed so far, whether the
    /// caret shows after them, under the policy.
    case boxes(@Sendable (_ typed: Int, _ caret: Bool, _ policy: PINPolicy) -> Int)
    /// Digits in groups of four, the spaces drawn, never typed (Futurae's shortcode).
    case groupsOfFour

    /// Digits as `groupsOfFour` draws them: `1234 5678 9012 3456`.
    public static func inGroupsOfFour(_ digits: String) -> String {
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && i % 4 == 0 { out.append(" ") }
            out.append(c)
        }
        return out
    }

    /// Boxes for a PIN whose length is in `lengths`: as many as typed (and the caret's), within them.
    public static func boxes(lengths: ClosedRange<Int>) -> FieldLook {
        .boxes { typed, caret, _ in min(lengths.upperBound, max(lengths.lowerBound, typed + (caret ? 1 : 0))) }
    }
}

/// Every field of every form, by what it means: its label and its kind. An open set: the shell's
/// fields are here, each front declares its own beside its kinds, and a front registered from
/// outside the module names its own.
public struct FieldID: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let label: String
    public let kind: FieldKind

    public init(_ name: String, _ label: String, _ kind: FieldKind = .text) {
        self.name = name
        self.label = label
        self.kind = kind
    }

    public static func == (a: Self, b: Self) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }

    public static let scenario = FieldID("scenario", "Scenario"), remoteURL = FieldID("remoteURL", "Server URL")
    public static let username = FieldID("username", "Username"), password = FieldID("password", "Password", .password)
    public static let device = FieldID("device", "Device id")
    /// The simulator's clock, fault form, save-as, bookmark and restore questions.
    public static let advanceSeconds = FieldID("advanceSeconds", "Seconds", .number), savePath = FieldID("savePath", "Save as")
    public static let faultCode = FieldID("faultCode", "Error code"), faultSub = FieldID("faultSub", "Sub-API")
    public static let faultProbability = FieldID("faultProbability", "Probability"), scenarioName = FieldID("scenarioName", "Scenario name")
    public static let bookmarkName = FieldID("bookmarkName", "Bookmark")
    /// The API log's filter.
    public static let logFilter = FieldID("logFilter", "Filter")
}
