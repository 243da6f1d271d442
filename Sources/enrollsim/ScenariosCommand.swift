import ArgumentParser
import Foundation
import SimKernel
import SimWorld

struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "Lists the built-in scenarios, or prints one.",
        subcommands: [List.self, Show.self, Check.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Lists the built-in scenarios with their descriptions.")
        func run() throws {
            let names = ScenarioLoader.builtinNames
            let width = (names.map(\.count).max() ?? 0) + 2
            for name in names {
                let world = try ScenarioLoader.load(.named(name))
                CommandOutput.print(name.padding(toLength: width, withPad: " ", startingAt: 0) + world.description)
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Prints a built-in scenario's YAML.")
        @Argument(help: "The scenario's name.") var name: String
        func run() throws {
            do {
                print(try ScenarioLoader.text(of: .named(name)).yaml, terminator: "")
            } catch {
                throw CommandFailure(error.description)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", abstract: "Checks a scenario file strictly, as loading does, and says what is wrong.")
        @Argument(help: "A scenario file or built-in name.") var scenario: String
        func run() throws {
            do {
                let world = try ScenarioLoader.load(.parse(scenario))
                CommandOutput.print("\(scenario.escapingControlCharacters): ok (\(world.name.escapingControlCharacters), \(world.accounts.count) account\(world.accounts.count == 1 ? "" : "s"))")
            } catch {
                throw CommandFailure(error.description)
            }
        }
    }
}
