import ArgumentParser
import Foundation
import SimClient
import SimKernel
import SimWorld
import Walk

/// `enrollsim replay WALK`: in the terminal at the recorded pace, or `--check` headless against a
/// fresh world, every answer compared with the recorded one.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replays a walk recorded with --record: in the terminal, or --check against a fresh world.",
        discussion: """
            --check sends the walk's calls and controls again, in order, to a fresh world built from the
            walk's own scenario (or to a server with --backend, whose world is replaced by a load), and
            compares every answer with the recorded one, transaction ids aside. Exit status 0 when all
            match; 1 with the first divergence: the line, the step, the request, the answer expected and got.
            Without --check the walk plays in the terminal at its recorded pace: --speed 2 twice as fast,
            --step one entry per key; Space pauses, q leaves.
            """
    )

    @Argument(help: ArgumentHelp("The walk file.", valueName: "walk.jsonl"))
    var walk: String

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
        if !(speed > 0) { throw ValidationError("--speed must be above 0") }
        if backend != nil && !check { throw ValidationError("--backend is for --check (a terminal replay answers from the walk itself)") }
    }

    func run() async throws {
        let loaded = try Walk.forCommand(walk)
        if check {
            let report = try await WalkCheck.run(loaded, file: walk, open: WalkOpeners.opener(backend: backend, adminToken: adminToken))
            if let divergence = report.divergence {
                print(divergence)
                throw ExitCode(1)
            }
            print("\(walk.escapingControlCharacters): \(report.calls) calls and \(report.controls) controls, every answer as recorded")
            return
        }
        try await TerminalReplay.run(loaded, speed: speed, stepping: step, autoplay: true)
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
