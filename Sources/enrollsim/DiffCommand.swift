import ArgumentParser
import Foundation
import SimKernel
import Walk
import WalkPlayer

/// `enrollsim diff A B`: the first place two walks saw something different (or every place, with
/// `--all`): a support engineer's walk of a user's path beside the expected one.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compares two walks: calls and answers, controls, events and the screens their keys drew.",
        discussion: """
            Both walks are played headless through the front, answered by their own recordings. What \
            each saw is compared in order, leaving out timing, transaction ids and event ids, so one \
            path walked on two backends or on two days compares equal. The first run of differences \
            is shown with each side's file, line and step (a screen as the rows that differ); --all \
            shows every run. Exit status 0 when the walks are equal, 1 when they differ, 2 when a walk \
            cannot be read.
            """
    )

    @Argument(help: ArgumentHelp("The walk expected.", valueName: "a.jsonl"))
    var a: String

    @Argument(help: ArgumentHelp("The walk to compare with it.", valueName: "b.jsonl"))
    var b: String

    @Flag(name: .long, help: "Show every run of differences, not only the first.")
    var all = false

    func run() async throws {
        let first: Walk, second: Walk
        do {
            first = try Walk.read(path: a)
            second = try Walk.read(path: b)
        } catch {
            CommandOutput.error("enrollsim diff: \(error.description)")
            throw ExitCode(2)
        }
        let hunks = WalkDiff.hunks(await WalkDiff.observations(first), await WalkDiff.observations(second))
        guard !hunks.isEmpty else {
            CommandOutput.print("\(a.escapingControlCharacters) and \(b.escapingControlCharacters) saw the same: calls, answers, controls, events and screens")
            return
        }
        for hunk in all ? hunks : [hunks[0]] {
            CommandOutput.print(WalkDiff.describe(hunk, a: a.escapingControlCharacters, b: b.escapingControlCharacters), terminator: "")
        }
        CommandOutput.print(all || hunks.count == 1 ? "\(hunks.count) difference\(hunks.count == 1 ? "" : "s")"
                                      : "\(hunks.count) differences; --all shows every one")
        throw ExitCode(1)
    }
}
