import ArgumentParser
import Foundation
import SimKernel
import TerminalUI
import Walk
import WalkPlayer

/// `enrollsim export WALK --cast|--markdown|--html|--batch OUT`: a walk for a ticket, a player or a script.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Exports a walk as asciicast v2, a Markdown transcript, a web page, or a batch script.",
        usage: "enrollsim export <walk.jsonl> [<options>]",
        discussion: """
            --cast writes asciicast v2 (asciinema): the screens with the recorded times and a marker per \
            flow step; the same walk always gives the same bytes. It keeps the walk's last 500 screens: \
            when there were more, its title and a line on standard error say so. --markdown writes each step's requests \
            and answers and a Mermaid sequence diagram. --batch writes the calls and controls as a script \
            that `enrollsim batch` answers as recorded. --html writes one web page that works offline: the \
            screens with a player, each beside its call and answer, and the sequence diagram. Several may be given at once.
            """
    )

    @Argument(help: ArgumentHelp("The walk file.", valueName: "walk.jsonl"))
    var walk: String

    @Option(name: .long, help: ArgumentHelp("Write asciicast v2 here.", valueName: "out.cast"))
    var cast: String?

    @Option(name: .long, help: ArgumentHelp("Write a Markdown transcript here.", valueName: "out.md"))
    var markdown: String?

    @Option(name: .long, help: ArgumentHelp("Write a batch script here.", valueName: "out.jsonl"))
    var batch: String?

    @Option(name: .long, help: ArgumentHelp("Write a web page that plays the walk here.", valueName: "out.html"))
    var html: String?

    @Option(name: .long, help: "The asciicast's and the page's colours: dark, light or monochrome.")
    var theme: String = "dark"

    @Flag(name: .long, help: "Replace output files that exist already.")
    var force = false

    func validate() throws {
        if cast == nil && markdown == nil && batch == nil && html == nil {
            throw ValidationError("say what to write: --cast, --markdown, --html or --batch")
        }
        if Theme.named(theme) == nil { throw ValidationError("--theme must be dark, light or monochrome") }
    }

    func run() async throws {
        let loaded = try Walk.forCommand(walk)
        if let batch { try write(loaded.batchScript, to: batch) }
        if let markdown { try write(loaded.markdown, to: markdown) }
        if let html { try write(await WalkPage.html(loaded, theme: Theme.named(theme) ?? .dark), to: html) }
        if let cast {
            let made = await Asciicast.cast(loaded, theme: Theme.named(theme) ?? .dark, lastScreens: Asciicast.sessionScreens)
            try write(made.text, to: cast)
            if made.isCut {
                CommandOutput.error("enrollsim export: \(cast.escapingControlCharacters) keeps the last \(made.kept) of the walk's \(made.seen) screens")
            }
        }
    }

    /// 0600, whole or not at all; an existing file only with --force (as --record refuses one).
    private func write(_ text: String, to path: String) throws {
        do throws(PrivateFile.WriteError) {
            try PrivateFile.write(text, to: path, replacing: force)
        } catch where error.exists {
            throw CommandFailure("\(path.escapingControlCharacters) exists already: choose another name, or pass --force to replace it")
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
