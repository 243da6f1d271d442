import ArgumentParser
import EnrollsimConfig
import Foundation
import SimClient
import SimKernel
import SimWorld

struct BatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Runs JSON Lines from standard input against a backend: one answer line per input line.",
        usage: "enrollsim batch [<options>] < script.jsonl",
        discussion: """
            A line is a call of any system, optionally with "session": "<name>": PIMS's \
            {"type": "get", "name": "pims.authentication.trustedphonenumber", "params": {}}, Futurae's \
            {"type": "call", "name": "futurae.accounts"}, the card SDK's {"type": "call", "name": \
            "casa.getAllEnrolledAccounts"}; or a simulator control with a "sim" key, e.g. \
            {"sim": "inbox", "phone": "0612345678"}. Blank lines are skipped. Exit status 0 at end of input.

            With --backend, the lines go to `enrollsim serve` over HTTP: the same answers, from the server's \
            world. The backend, scenario and admin token not given as flags come from the environment and \
            the configuration file (see `enrollsim config`).
            """
    )

    @OptionGroup var source: BackendOptions

    @Flag(name: .long, help: "Add to each answer its \"trace\": the rule and branch that answered, for `enrollsim coverage`.")
    var trace = false

    func run() async throws {
        let settings = try StartupSettings.load(flags: source.values.settingFlags, adminToken: source.adminToken)
        if let backend = settings.string(.backend) {
            let client: RemoteBackend
            do {
                client = try RemoteBackend(url: backend.value, adminToken: settings.adminToken?.value.value,
                                           sessionToken: StartupSettings.sessionToken, trace: trace)
            } catch {
                throw CommandFailure(error.description)  // checked with the settings: not expected
            }
            try await BatchRunner.run(backend: client, trace: trace)
            return
        }
        let scenario = settings.string(.scenario) ?? Sourced(Settings.defaultScenario, from: .builtIn)
        let backend = InProcessBackend(world: try StartupSettings.world(scenario))
        try await backend.withIsolation { backend in try await BatchRunner.run(backend: backend, trace: trace) }
    }
}

/// Reads standard input line by line and writes each answer to standard output, in order.
enum BatchRunner {
    static func run(backend: any SimBackend, trace: Bool = false, isolation: isolated (any Actor)? = #isolation) async throws {
        var session = BatchSession(backend: backend, trace: trace, checkControl: World.check)
        var input = StandardInputLines()
        var output = StandardOutputBuffer()
        var line: [UInt8] = []
        while true {
            // Before waiting for more input, the answers so far reach the reader: a script that
            // sends a line and waits for its answer gets it at once; a piped file is answered in bulk.
            if !input.hasWholeLine() { output.flush() }
            guard input.next(into: &line) else { break }
            if await session.answer(utf8: line, into: &output.bytes) { output.bytes.append(UInt8(ascii: "\n")) }
            if output.isLarge { output.flush() }
        }
        output.flush()
    }
}
