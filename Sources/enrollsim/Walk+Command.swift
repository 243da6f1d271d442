import Walk

extension Walk {
    /// A walk for a command: a refusal is said as `file:line: reason`, without the usage text.
    static func forCommand(_ path: String) throws -> Walk {
        do {
            return try Walk.read(path: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
