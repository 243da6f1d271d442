import ArgumentParser
import Foundation
import SimClient
import SimKernel
import SimWorld
import Walk
import WalkPlayer

/// `enrollsim replay WALK`: in the terminal at the recorded pace, or `--check WALK…` headless, each
/// against a fresh world: every answer compared with the recorded one, every expectation with the
/// screen; a folder of walks is a test suite (`--junit` for CI).
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replays a walk recorded with --record: in the terminal, or --check against a fresh world.",
        usage: "enrollsim replay <walk.jsonl|bundle.tar.gz> [<options>]\n       enrollsim replay --check <walk|bundle|folder> ... [--junit <file.xml>]",
        discussion: """
            --check sends each walk's calls and controls again, in order, to a fresh world built from the \
            walk's own scenario (or to a server with --backend, whose world is replaced by a load), and \
            compares every answer with the recorded one, transaction ids aside; then it plays the walk \
            through a headless front and checks each expectation ("kind": "expect") against the screen. \
            Name several walks or folders (every *.jsonl below them): one line per walk, then \
            "N passed, M failed"; --junit writes the same as JUnit XML. Exit status 0 when every walk \
            passed; 1 otherwise, with each failure's file, line, step, and what was expected and got.

            Without --check one walk plays in the terminal at its recorded pace: --speed 2 twice as \
            fast, --step one entry per key; Space pauses, q leaves.
            """
    )

    @Argument(help: ArgumentHelp("Walk files or bug-report bundles (.tar.gz), or folders of walks (with --check).", valueName: "walk.jsonl"))
    var walks: [String]

    @Option(name: .long, help: ArgumentHelp("With --check: also write the results as JUnit XML to this file.", valueName: "file.xml"))
    var junit: String?

    @Option(name: .long, help: "With --check: how many walks to check at once, in process (default: the number of cores; a server checks one at a time).")
    var jobs: Int?

    @Flag(name: .long, help: "Run headless and compare every answer with the recorded one.")
    var check = false

    @Option(name: .long, help: "With --check: a server's URL (enrollsim serve) instead of the in-process simulator.")
    var backend: String?

    @Option(name: .long, help: "With --backend: the server's admin token (loading the walk's world needs it).")
    var adminToken: String?

    @Option(name: .long, help: "Playback speed: 2 plays twice as fast.")
    var speed: Double = 1

    @Flag(name: .long, help: "Advance one entry per key instead of at the recorded pace.")
    var step = false

    func validate() throws {
        if walks.isEmpty { throw ValidationError("name a walk file (or, with --check, walk files and folders)") }
        try PlaybackSpeed.validate(speed)
        if backend != nil && !check { throw ValidationError("--backend is for --check (a terminal replay answers from the walk itself)") }
        if junit != nil && !check { throw ValidationError("--junit is for --check") }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256") }
        if !check && walks.count > 1 { throw ValidationError("a terminal replay plays one walk; --check takes several") }
    }

    func run() async throws {
        guard check else {
            try await TerminalReplay.run(try Walk.forCommand(walks[0]), speed: speed, stepping: step, autoplay: true)
            return
        }
        let files = WalkSuite.files(walks)
        if files.isEmpty { throw CommandFailure("\(walks.joined(separator: ", ")): no walk (*.jsonl) found") }
        let open = WalkOpeners.opener(backend: backend, adminToken: adminToken)
        // A server holds one world: its walks load it in turn.
        let results = await WalkSuite.run(files, parallel: backend == nil ? jobs ?? ProcessInfo.processInfo.activeProcessorCount : 1) { file in
            try await WalkScreenCheck.check(try Walk.readWalkOrBundle(file), file: file, open: open)
        }
        CommandOutput.print(WalkSuite.report(results), terminator: "")
        if let junit {
            do {
                // CI writes the report anew on every run.
                try PrivateFile.write(WalkJUnit.xml(results), to: junit, replacing: true)
            } catch {
                throw CommandFailure("the JUnit report: \(error)")
            }
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

/// Fresh worlds for `replay --check`: the in-process simulator on the walk's scenario, or a server
/// whose world is replaced by it.
enum WalkOpeners {
    static func opener(backend url: String?, adminToken: String?) -> WalkCheck.Opener {
        guard let url else {
            return { origin, yaml in
                InProcessBackend(world: try ScenarioLoader.parse(yaml: yaml, origin: origin), honoursLatency: false)
            }
        }
        return { origin, yaml in
            let client = try RemoteBackend(url: url, adminToken: adminToken ?? ProcessInfo.processInfo.environment["ENROLLSIM_ADMIN_TOKEN"])
            let answer = await client.control(.load(.yaml(yaml, origin: origin)))
            guard answer.ok else { throw CommandFailure("\(url) refused the walk's world: \(answer.error ?? "failed")") }
            return client
        }
    }
}
