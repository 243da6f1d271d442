import ArgumentParser
import Foundation
import PIMS
import SimClient
import SimWorld

struct BatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Runs JSON Lines from standard input against a backend: one answer line per input line.",
        discussion: """
            A line is a PIMS call, {"type": "get", "name": "pims.authentication.trustedphonenumber", "params": {}},
            optionally with "session": "<name>", or a simulator control with a "sim" key, e.g.
            {"sim": "inbox", "phone": "0612345678"}. Blank lines are skipped. Exit status 0 at end of input.
            With --backend, the lines go to `enrollsim serve` over HTTP: the same answers, from the server's world.
            """
    )

    @OptionGroup var source: BackendOptions

    func run() async throws {
        if let backend = source.backend {
            do {
                try await BatchRunner.run(backend: try RemoteBackend(url: backend, adminToken: source.resolvedAdminToken))
            } catch let error as RemoteBackend.SetupError {
                throw ValidationError(error.description)
            }
            return
        }
        let inProcess: InProcessBackend
        do {
            inProcess = try InProcessBackend(scenario: source.scenario ?? "fresh")
        } catch {
            throw CommandFailure("cannot load scenario: \(error)")
        }
        try await BatchRunner.run(backend: inProcess)
    }
}

/// Reads standard input line by line and writes each answer, flushed, to standard output.
enum BatchRunner {
    static func run(backend: any PIMSBackend) async throws {
        var session = BatchSession(backend: backend, checkControl: World.check)
        while let line = readLine(strippingNewline: true) {
            if let answer = await session.answer(line) {
                // One write per answer: each line reaches a reading pipe as soon as it is known.
                FileHandle.standardOutput.write(Data((answer + "\n").utf8))
            }
        }
    }
}
