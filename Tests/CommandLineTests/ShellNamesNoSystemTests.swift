import Foundation
import Testing

/// The front's shell names no system (issue 40): in `Sources/Enrollment` and `Sources/Screens`, only
/// a system's own folder (`Enrollment/Fronts/<System>/`, `Screens/<System>/`) imports that system's
/// module, and the modules every system's front goes through (the walk, the player, the explorer,
/// the terminal) import none. A file can name a system's types only by importing its module, so the
/// imports are what is checked. The file still named below imports a system today: the list may
/// only shrink.
@Suite struct ShellNamesNoSystemTests {
    static let stillNamingASystem: Set<String> = [
        // The walk header's session: PIMS's platform, SDK and variant are written for every system.
        "WalkPlayer/SessionConfig+Walk.swift",
    ]

    /// The shell's files (relative to `Sources/`) that import a system module.
    static func shellFilesImportingASystem() throws -> [String: Set<String>] {
        let systems = try ServerNamesNoSystemTests.systemModules()
        let sources = Run.repository.appendingPathComponent("Sources")
        let ownFolders = systems.flatMap { ["Enrollment/Fronts/\($0)/", "Screens/\($0)/"] }
        var found: [String: Set<String>] = [:]
        for module in ["Enrollment", "Screens", "Walk", "WalkPlayer", "Explore", "TerminalUI", "CursesTerminal", "SimClient"] {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let file = "\(module)/\(path)"
                guard !ownFolders.contains(where: file.hasPrefix) else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                let named = ServerNamesNoSystemTests.importedModules(text).intersection(systems)
                if !named.isEmpty { found[file] = named }
            }
        }
        return found
    }

    @Test func noOtherShellFileImportsASystem() throws {
        let found = try Self.shellFilesImportingASystem()
        // The check reads something: the fronts' own folders import their systems.
        let sources = Run.repository.appendingPathComponent("Sources")
        let pimsFront = try String(contentsOf: sources.appendingPathComponent("Enrollment/Fronts/PIMS/PIMSFront.swift"), encoding: .utf8)
        #expect(ServerNamesNoSystemTests.importedModules(pimsFront).contains("PIMS"))
        for (file, systems) in found.sorted(by: { $0.key < $1.key }) where !Self.stillNamingASystem.contains(file) {
            Issue.record("Sources/\(file) imports \(systems.sorted()): a system's types belong in its own folder (Fronts/<System>/, Screens/<System>/), reached through SystemFront")
        }
    }

    /// A file that no longer imports a system leaves the list, so the list only shrinks.
    @Test func theListNamesOnlyFilesThatStillImportASystem() throws {
        let found = Set(try Self.shellFilesImportingASystem().keys)
        for file in Self.stillNamingASystem.subtracting(found).sorted() {
            Issue.record("Sources/\(file) imports no system any more: take it off ShellNamesNoSystemTests.stillNamingASystem")
        }
    }
}
