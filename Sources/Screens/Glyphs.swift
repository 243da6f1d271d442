import Enrollment
import TerminalUI

/// State is never shown by colour alone: every status has its glyph, and its style adds bold,
/// reverse or dim in monochrome.
enum Glyphs {
    static func step(_ status: StepStatus) -> (String, Style) {
        switch status {
        case .pending: ("·", .pending)
        case .current: ("▶", .current)
        case .done: ("✓", .done)
        case .failed: ("✗", .failed)
        case .skipped: ("–", .skipped)
        }
    }

    static func check(_ ok: Bool) -> (String, Style) { ok ? ("✓", .done) : ("✗", .failed) }

    /// A small spinner from a counter, for the busy marker.
    static let spinner: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}
