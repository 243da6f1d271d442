import ArgumentParser

@main
struct Enrollsim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrollsim",
        abstract: "Simulates the device-enrollment flows of the PIMS connected-vehicle mobile SDK.",
        discussion: """
            With no subcommand, opens the terminal UI on the in-process simulator (scenario `fresh`).
            Scenarios: `enrollsim scenarios`. Scripting: `enrollsim batch`. Team server: `enrollsim serve`.
            """,
        subcommands: [TUICommand.self, BatchCommand.self, ScenariosCommand.self, ServeCommand.self, TUISelftestCommand.self],
        defaultSubcommand: TUICommand.self
    )
}
