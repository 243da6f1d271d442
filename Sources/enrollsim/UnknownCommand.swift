import ArgumentParser

/// `enrollsim relpay w.jsonl`: a first word that names no command. The terminal UI is the default
/// command and takes no positional argument, so the parser would report "2 unexpected arguments" with
/// the terminal UI's usage, which says nothing about the typo; this says it as git does, with the
/// nearest command.
enum UnknownCommand {
    /// The error for a first argument that is neither an option nor a command, or nil.
    static func error(in arguments: [String], root: ParsableCommand.Type) -> UnknownCommandError? {
        guard let word = arguments.first, !word.hasPrefix("-"), word != "help" else { return nil }
        let subcommands = root.configuration.subcommands
        if subcommands.contains(where: { $0._commandName == word }) { return nil }
        let shown = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        return UnknownCommandError(word: word, program: root._commandName, nearest: nearest(to: word, among: shown),
                                   commands: shown)
    }

    /// The commands closest to `word` in edit distance (a swap of two neighbours counts one, as in
    /// `relpay`), when close enough to be a typo of them: at most a third of the longer word, and 2
    /// at least.
    static func nearest(to word: String, among names: [String]) -> [String] {
        let scored = names.map { (name: $0, distance: editDistance(word.lowercased(), $0)) }
        guard let best = scored.map(\.distance).min() else { return [] }
        let within = scored.filter { $0.distance == best && best <= max(2, max(word.count, $0.name.count) / 3) }
        return within.map(\.name)
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

/// Printed alone (no usage block), with the parser's usage-error status (64, EX_USAGE).
struct UnknownCommandError: Error, CustomStringConvertible {
    let word: String
    let program: String
    let nearest: [String]
    let commands: [String]

    var description: String {
        let head = "\(program): '\(word)' is not an \(program) command."
        switch nearest.count {
        case 0: return head + " The commands: \(commands.joined(separator: ", ")). See '\(program) --help'."
        case 1: return head + " The most similar command is \(nearest[0])."
        default: return head + " The most similar commands are \(nearest.joined(separator: ", "))."
        }
    }
}
