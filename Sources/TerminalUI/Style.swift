/// What a cell means, never how it looks: a `Theme` decides colours and attributes, so the same
/// frame paints in colour, in monochrome, and as a snapshot.
public enum Style: UInt8, CaseIterable, Sendable, Hashable {
    case normal, title, selected, error, done, current, pending, failed, skipped
    case hint, key, border, dim, warning, success, code

    /// One letter per style for style-grid snapshots; `.` keeps plain text quiet in the grid.
    public var letter: Character {
        switch self {
        case .normal: "."
        case .title: "T"
        case .selected: "S"
        case .error: "E"
        case .done: "D"
        case .current: "C"
        case .pending: "P"
        case .failed: "F"
        case .skipped: "K"
        case .hint: "H"
        case .key: "Y"
        case .border: "B"
        case .dim: "d"
        case .warning: "W"
        case .success: "G"
        case .code: "O"
        }
    }

    /// The legend printed above style snapshots, so a reviewer can read a grid without the source.
    public static let legend: String = allCases.map { "\($0.letter)=\($0)" }.joined(separator: " ")
}
