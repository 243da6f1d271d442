import ArgumentParser
import EnrollsimAssets
import Foundation
import Walk

/// `enrollsim demo [NAME]`: the built-in tours (walks in Assets/walks), played with a caption per step.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Plays a built-in tour with a caption per step; with no name, lists the tours.",
        discussion: """
            A tour is a walk kept in Assets/walks (CI checks each with `replay --check`). It pauses where \
            each flow step begins until a key is pressed, unless --autoplay; Space pauses, q leaves.
            """
    )

    @Argument(help: "The tour to play.")
    var name: String?

    @Flag(name: .long, help: "Play without pausing between steps.")
    var autoplay = false

    @Option(name: .long, help: "Playback speed: 2 plays twice as fast.")
    var speed: Double = 1

    func validate() throws { try PlaybackSpeed.validate(speed) }

    static var tours: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: EnrollsimAssets.walksDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }

    static func path(_ name: String) -> String { EnrollsimAssets.walksDirectory.appendingPathComponent(name + ".jsonl").path }

    func run() async throws {
        guard let name else {
            for tour in Self.tours {
                let title = (try? Walk.read(path: Self.path(tour)))?.header.title ?? ""
                print("\(tour.padding(toLength: 24, withPad: " ", startingAt: 0)) \(title)")
            }
            return
        }
        guard Self.tours.contains(name) else {
            throw CommandFailure("no tour named \"\(name)\" (known: \(Self.tours.joined(separator: ", ")))")
        }
        let walk = try Walk.forCommand(Self.path(name))
        try await TerminalReplay.run(walk, speed: speed, stepping: false, autoplay: autoplay)
    }
}
