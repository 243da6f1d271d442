/// Why a scenario was refused: the file, the line (when known) and the reason, always one line of
/// bounded length: a reason never carries the file's text (a refused file may be anything, a secret
/// included) nor a control character from it.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int?, reason: String) {
        self.file = file.escapingControlCharacters
        self.line = line
        let oneLine = reason.escapingControlCharacters
        self.reason = oneLine.count > Self.reasonLimit ? String(oneLine.prefix(Self.reasonLimit)) + "…" : oneLine
    }

    static let reasonLimit = 300

    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}
