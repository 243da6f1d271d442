import Walk
import WalkPlayer

extension Walk {
    /// A walk for a command: a refusal is said as `file:line: reason`, without the usage text.
    static func forCommand(_ path: String) throws -> Walk {
        do {
            return try readWalkOrBundle(path)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

extension Walk {
    /// A walk file, or the walk a bug-report bundle holds.
    static func readWalkOrBundle(_ path: String) throws(WalkError) -> Walk {
        BugReport.isBundle(path) ? try BugReport.read(path: path).walk : try Walk.read(path: path)
    }
}
