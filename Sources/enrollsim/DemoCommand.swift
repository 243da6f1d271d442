import ArgumentParser
import EnrollsimAssets
import Foundation
import SimKernel
import TerminalUI
import Walk
import WalkPlayer

/// `enrollsim demo [NAME]`: the built-in tours (walks in Assets/walks), played with a caption per step.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Plays a built-in tour with a caption per step; with no name, lists the tours.",
        usage: "enrollsim demo [<name>] [<options>]",
        discussion: """
            A tour is a walk kept in Assets/walks (CI checks each with `replay --check`). It pauses where \
            each flow step begins until a key is pressed, unless --autoplay; Space pauses, q leaves. \
            --html FILE writes the tour as one web page that plays it, offline, instead.
            """
    )

    @Argument(help: "The tour to play.")
    var name: String?

    @Flag(name: .long, help: "Play without pausing between steps.")
    var autoplay = false

    @Option(name: .long, help: "Playback speed: 2 plays twice as fast.")
    var speed: Double = 1

    @Option(name: .long, help: ArgumentHelp("Write the tour as a web page here instead of playing it.", valueName: "out.html"))
    var html: String?

    @Option(name: .long, help: "The page's colours: dark, light or monochrome.")
    var theme: String = "dark"

    @Flag(name: .long, help: "Replace the page if it exists already.")
    var force = false

    func validate() throws {
        try PlaybackSpeed.validate(speed)
        if Theme.named(theme) == nil { throw ValidationError("--theme must be dark, light or monochrome") }
        if html != nil && name == nil { throw ValidationError("--html needs a tour's name") }
    }

    static var tours: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: EnrollsimAssets.walksDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }

    static func path(_ name: String) -> String { EnrollsimAssets.walksDirectory.appendingPathComponent(name + ".jsonl").path }

    func run() async throws {
        guard let name else {
            for tour in Self.tours {
                let title = (try? Walk.read(path: Self.path(tour)))?.header.title ?? ""
                CommandOutput.print("\(tour.padding(toLength: 24, withPad: " ", startingAt: 0)) \(title)")
            }
            return
        }
        guard Self.tours.contains(name) else {
            throw CommandFailure("no tour named \"\(name)\" (known: \(Self.tours.joined(separator: ", ")))")
        }
        let walk = try Walk.forCommand(Self.path(name))
        if let html {
            let page = await WalkPage.html(walk, theme: Theme.named(theme) ?? .dark)
            do throws(PrivateFile.WriteError) {
                try PrivateFile.write(page, to: html, replacing: force)
            } catch where error.exists {
                throw CommandFailure("\(html.escapingControlCharacters) exists already: choose another name, or pass --force to replace it")
            } catch {
                throw CommandFailure(error.description)
            }
            return
        }
        try await TerminalReplay.run(walk, speed: speed, stepping: false, autoplay: autoplay)
    }
}
