import ArgumentParser

@main
struct Enrollsim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrollsim",
        abstract: "Simulates the device-enrollment flows of the PIMS connected-vehicle mobile SDK.",
        discussion: """
            With no subcommand, opens the terminal UI on the in-process simulator (scenario `fresh`).
            Scenarios: `enrollsim scenarios`. Scripting: `enrollsim batch`. Team server: `enrollsim serve`.
            Settings: `enrollsim config` (the file $XDG_CONFIG_HOME/enrollsim/config.toml, the environment, the flags).
            """,
        version: EnrollsimVersion.current,
        subcommands: [TUICommand.self, BatchCommand.self, ScenariosCommand.self, ServeCommand.self, ConfigCommand.self,
                      ReplayCommand.self, DiffCommand.self, ExportCommand.self, CoverageCommand.self, DemoCommand.self,
                      ManualCommand.self, TUISelftestCommand.self],
        defaultSubcommand: TUICommand.self
    )
}
