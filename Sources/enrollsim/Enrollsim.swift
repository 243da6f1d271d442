import ArgumentParser

struct Enrollsim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrollsim",
        abstract: "Simulates the device-enrollment flows of three mobile SDKs: PIMS, Futurae and CA Strong Authentication (Card).",
        // One line per paragraph: ArgumentParser wraps to the terminal, and keeps a line break as one.
        discussion: """
            PIMS: a connected vehicle's SDK (SMS codes, PIN, device enrollment, car key). Futurae: enrollment \
            by activation QR code or shortcode, with an SDK PIN and a binding token. Card: CA Strong \
            Authentication's card activation and auto enrollment by push notification.

            With no subcommand, opens the terminal UI on the in-process simulator (scenario `fresh`, PIMS); \
            a Futurae or card scenario (`--scenario futurae-pin`, `--scenario card-replacement`) opens that \
            system, and `y` on the session screen switches. Scenarios: `enrollsim scenarios`. Scripting: \
            `enrollsim batch`. The team server of every system: `enrollsim serve`. Settings: `enrollsim config` \
            (the file $XDG_CONFIG_HOME/enrollsim/config.toml, the environment, the flags).
            """,
        version: EnrollsimVersion.current,
        subcommands: [TUICommand.self, BatchCommand.self, ScenariosCommand.self, ServeCommand.self, ConfigCommand.self,
                      ReplayCommand.self, DiffCommand.self, ExportCommand.self, CoverageCommand.self, ExploreCommand.self, DemoCommand.self,
                      ManualCommand.self, TUISelftestCommand.self],
        defaultSubcommand: TUICommand.self
    )
}
