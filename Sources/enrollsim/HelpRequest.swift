import ArgumentParser
import Foundation

/// `enrollsim help NAME…` names commands that must exist: the parser's own `help` shows the nearest
/// known command's page for an unknown name and exits 0, which tells a script (and a person) nothing
/// was wrong.
enum HelpRequest {
    /// The error for `help` followed by a name no command has, or nil.
    static func unknownName(in arguments: [String], root: ParsableCommand.Type) -> ValidationError? {
        guard arguments.first == "help" else { return nil }
        var command: ParsableCommand.Type = root
        var path = [root._commandName]
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            let subcommands: [ParsableCommand.Type] = command.configuration.subcommands
            var next: ParsableCommand.Type?
            var known: [String] = []
            for subcommand in subcommands {
                let subName = subcommand._commandName
                if subName == name { next = subcommand }
                if subcommand.configuration.shouldDisplay { known.append(subName) }
            }
            guard let next else {
                let list = known.isEmpty ? "it has no subcommands" : "its subcommands: " + known.joined(separator: ", ")
                return ValidationError("\(path.joined(separator: " ")) has no subcommand named \"\(name)\" (\(list))")
            }
            command = next
            path.append(name)
        }
        return nil
    }
}
