import ArgumentParser
import SimKernel
import SimWorld
import Walk

/// `enrollsim coverage FILES…`: which rules, branches and error codes the walks and transcripts
/// exercised, per system, and which never were.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Reports which rules, branches and error codes walks and batch transcripts exercised.",
        discussion: """
            Reads walks (--record) and transcripts of `enrollsim batch --trace`. Each answer names the rule \
            and the branch that produced it (an error code, ok, or the rule's own mark such as "step 8" or \
            "cached"); the report lists, per system (PIMS, Futurae, Card), every rule of its contract with \
            the branches hit and never hit, then the error codes answered and never answered.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, markdown, json }

    @Argument(help: ArgumentHelp("Walks and batch transcripts.", valueName: "file"))
    var files: [String]

    @Option(name: .long, help: "table (the terminal), markdown or json.")
    var format: Format = .table

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one walk or batch transcript") }
    }

    func run() throws {
        var coverage = Coverage()
        for file in files {
            do {
                try coverage.add(file: file)
            } catch {
                throw CommandFailure(error.description)
            }
        }
        let report = coverage.report(World.ruleCatalogues)
        switch format {
        case .table: CommandOutput.print(report.table, terminator: "")
        case .markdown: CommandOutput.print(report.markdown, terminator: "")
        case .json: print(JSONText.pretty(report.json))
        }
    }
}
