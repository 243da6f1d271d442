import SimKernel

/// The line under the screen: an error with its code, its label and what to do next, or a plain
/// notice. The screens draw it as TerminalUI's banner.
public struct Notice: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case error, warning, info, success }
    public var kind: Kind
    /// The error code as shown ("2308"): codes of every system are shown, never compared, here.
    public var code: String?
    public var label: String
    public var detail: String?
    /// What the user can do next, in one sentence.
    public var advice: String

    public init(kind: Kind, code: String? = nil, label: String, detail: String? = nil, advice: String) {
        self.kind = kind
        self.code = code
        self.label = label
        self.detail = detail
        self.advice = advice
    }

    /// The banner's first line: `2308 · Wrong PIN`, or the label alone.
    public var title: String { code.map { "\($0) · \(label)" } ?? label }

    public static func info(_ text: String, advice: String = "") -> Notice { Notice(kind: .info, label: text, advice: advice) }
    public static func success(_ text: String, advice: String = "") -> Notice { Notice(kind: .success, label: text, advice: advice) }
}
