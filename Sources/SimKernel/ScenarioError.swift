/// Why a scenario was refused: the file, the line (when known) and the reason, always one line of
/// bounded length: a reason never carries the file's text (a refused file may be anything, a secret
/// included) nor a control character from it.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var reason: String

    /// `whole`: the reason is made of our own words and the name the user typed (no file's text), so
    /// it is never cut: a cut list of the built-in names would hide the one the user wanted.
    public init(file: String, line: Int?, reason: String, whole: Bool = false) {
        self.file = file.escapingControlCharacters
        self.line = line
        let oneLine = reason.escapingControlCharacters
        self.reason = whole || oneLine.count <= Self.reasonLimit ? oneLine : String(oneLine.prefix(Self.reasonLimit)) + "…"
    }

    static let reasonLimit = 300

    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}
