import ArgumentParser

/// `enrollsim manual`: the manual page (roff), written from the commands' own help, so that the
/// page and `--help` cannot disagree. Hidden; docs/man/enrollsim.1 is its output (a test keeps it
/// so) and the release ships it.
///
/// swift-argument-parser's `generate-manual` plugin does the same from outside, but it needs a
/// nested `swift package` run (no test can call it while `swift test` holds the build) and dates
/// the page with the day it ran; this one is reproducible and adds the settings' sections.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Prints the manual page (roff) for enrollsim(1).",
        shouldDisplay: false
    )

    func run() throws {
        print(try ManualPage(tool: CommandTree.current()).roff, terminator: "")
    }
}
