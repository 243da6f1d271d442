import ArgumentParser
import Foundation

/// The command tree as swift-argument-parser describes it (`--experimental-dump-help`, format 0):
/// the part the manual page uses. Read in-process, from the same definitions `--help` prints.
struct CommandTree: Decodable {
    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var defaultSubcommand: String?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String  // long, short, longWithSingleDash
            var name: String
        }

        var kind: String  // positional, option, flag
        var shouldDisplay: Bool
        var isOptional: Bool
        var isRepeating: Bool
        var names: [Name]?
        var valueName: String?
        var defaultValue: String?
        var allValues: [String]?
        var abstract: String?
        var discussion: String?
    }

    var serializationVersion: Int
    var command: Command

    struct UnknownFormat: Error, CustomStringConvertible {
        var description: String
    }

    static func current() throws -> Command {
        // The parser answers --experimental-dump-help with an "error" whose message is the dump.
        let dump: String
        do {
            _ = try Enrollsim.parseAsRoot(["--experimental-dump-help"])
            throw UnknownFormat(description: "the argument parser gave no command tree")
        } catch let error as UnknownFormat {
            throw error
        } catch {
            dump = Enrollsim.fullMessage(for: error)
        }
        let tree = try JSONDecoder().decode(CommandTree.self, from: Data(dump.utf8))
        guard tree.serializationVersion == 0 else {
            throw UnknownFormat(description: "the argument parser's help dump has format \(tree.serializationVersion), not 0: update CommandTree")
        }
        return tree.command
    }
}
