import ArgumentParser

struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Opens the terminal UI (the default)."
    )

    @Option(name: .long, help: "A built-in scenario name or a scenario file (YAML).")
    var scenario: String = "fresh"

    func run() async throws {
        print("The terminal UI is not built yet. Try `enrollsim batch` or `enrollsim scenarios`.")
    }
}
