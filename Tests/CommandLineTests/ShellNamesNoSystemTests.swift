import Foundation
import Testing

/// The front's shell names no system (issue 40): in `Sources/Enrollment` and `Sources/Screens`, only
/// a system's own folder (`Enrollment/Fronts/<System>/`, `Screens/<System>/`) imports that system's
/// module, and the modules every system's front goes through (the walk, the player, the explorer,
/// the terminal) import none. A file can name a system's types only by importing its module, so the
/// imports are what is checked; a front's own types, declared in its folders, are checked by name
/// (the front's module is the shell's own, no import shows them). The list of files still importing
/// a system is empty and may only stay so.
@Suite struct ShellNamesNoSystemTests {
    static let stillNamingASystem: Set<String> = []

    /// The registrations: the one line per layer that names each built-in front and its screens.
    static let registrations: [String: Set<String>] = [
        "Enrollment/Fronts/SystemFront.swift": ["PIMSFront", "FuturaeFront", "CardFront"],
        "Screens/SystemScreens.swift": ["PIMSScreens", "FuturaeScreens", "CardScreens"],
    ]
    /// The shell's modules, whose files outside the systems' own folders name no system.
    static let shellModules = ["Enrollment", "Screens", "Walk", "WalkPlayer", "Explore", "TerminalUI", "CursesTerminal", "SimClient"]

    /// The shell's files (relative to `Sources/`) that import a system module.
    static func shellFilesImportingASystem() throws -> [String: Set<String>] {
        let systems = try ServerNamesNoSystemTests.systemModules()
        let sources = Run.repository.appendingPathComponent("Sources")
        let ownFolders = systems.flatMap { ["Enrollment/Fronts/\($0)/", "Screens/\($0)/"] }
        var found: [String: Set<String>] = [:]
        for module in shellModules {
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

    /// A file's code without its comments and string literals: what it names, not what it says.
    static func code(_ text: String) -> String {
        var code = text.replacing(/"""[\s\S]*?"""/, with: "\"\"")
        code = code.replacing(/"(?:\\.|[^"\\\n])*"/, with: "\"\"")
        return code.replacing(/\/\/[^\n]*/, with: "")
    }

    /// The types declared at the top level of a system's module and of its front's folders
    /// (`PIMSFront`, `GuidedEnrollment`, `StepsChecklist`, `Platform`), by system.
    static func systemTypes() throws -> [String: String] {
        let sources = Run.repository.appendingPathComponent("Sources")
        var types: [String: String] = [:]
        for system in try ServerNamesNoSystemTests.systemModules() {
            for folder in [system, "Enrollment/Fronts/\(system)", "Screens/\(system)"] {
                let url = sources.appendingPathComponent(folder)
                guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
                for case let path as String in walker where path.hasSuffix(".swift") {
                    let text = code(try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8))
                    let declared = /(?m)^(?:(?:public|package|internal|fileprivate|private|final|indirect) )*(?:enum|struct|class|actor|protocol|typealias) (\w+)/
                    for match in text.matches(of: declared) { types[String(match.1)] = system }
                }
            }
        }
        return types
    }

    /// Issue 40: the shell names no front's types either (PIMS's OTP retry was `isOTPRetry` on the
    /// shell's calls; the flow map was drawn from `GuidedEnrollment.State` by the shell): outside a
    /// system's folders, only the registration lines name a front.
    @Test func noOtherShellFileNamesAFrontsTypes() throws {
        let types = try Self.systemTypes()
        // The check reads something: the fronts and their flows are among the types found.
        #expect(types["PIMSFront"] == "PIMS" && types["GuidedEnrollment"] == "PIMS" && types["FuturaeInput"] == "Futurae")
        let sources = Run.repository.appendingPathComponent("Sources")
        let systems = try ServerNamesNoSystemTests.systemModules()
        let ownFolders = systems.flatMap { ["Enrollment/Fronts/\($0)/", "Screens/\($0)/"] }
        var seen = 0
        for module in Self.shellModules {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let file = "\(module)/\(path)"
                guard !ownFolders.contains(where: file.hasPrefix) else { continue }
                seen += 1
                let text = Self.code(try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
                let named = Set(text.matches(of: /\b[A-Za-z_]\w*\b/).map { String($0.output) }).filter { types[$0] != nil }
                for name in named.subtracting(Self.registrations[file] ?? []).sorted() {
                    Issue.record("Sources/\(file) names \(types[name]!)'s \(name): a front's types belong in its own folders, reached through SystemFront")
                }
            }
        }
        #expect(seen > 100, "the shell's files were read")
    }
}
