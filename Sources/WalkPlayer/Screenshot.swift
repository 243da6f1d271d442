import Foundation
import SimKernel
import TerminalUI

/// A screen saved for a ticket: the same frame as plain text (`.txt`) and as SVG with its colours,
/// named after the screen and the simulated time (`enrollsim-guided-enrollment-2026-01-05T09-00-00Z`),
/// so two screenshots of one walk sort in the order they were taken.
public enum Screenshot {
    public static func name(screen: String, simulatedTime: String?) -> String {
        let slug = String(screen.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }).split(separator: "-").joined(separator: "-")
        let time = (simulatedTime ?? "start").replacingOccurrences(of: ":", with: "-")
        return "enrollsim-\(slug)-\(time)"
    }

    /// Writes both files into `directory`, never replacing one (a suffix `-2`, `-3` … is added);
    /// the paths written.
    public static func save(_ frame: Frame, theme: Theme, name: String, directory: String) throws -> [String] {
        let base = FreePath.base(directory: directory, name: name, extensions: ["txt", "svg"])
        try PrivateFile.write(frame.textSnapshot + "\n", to: base + ".txt")
        try PrivateFile.write(frame.svg(theme: theme), to: base + ".svg")
        return [base + ".txt", base + ".svg"]
    }
}
