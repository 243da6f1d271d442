import Foundation
import Testing

/// The team server serves every system and names none (issue 40): `Sources/SimServer` imports no
/// system module and no module built on one (a system's routes, such as Futurae's Auth API in
/// `FuturaeServer`, come in through `TeamServer.Options.systemRoutes`), and its target in
/// Package.swift depends on none. SimWorld, the world the systems compose, is what the server serves.
@Suite struct ServerNamesNoSystemTests {
    /// The modules of `Sources/`, each with the modules its files import.
    static func imports() throws -> [String: Set<String>] {
        let sources = Run.repository.appendingPathComponent("Sources")
        var modules: [String: Set<String>] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            var imported = Set<String>()
            for case let path as String in walker where path.hasSuffix(".swift") {
                imported.formUnion(importedModules(try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)))
            }
            modules[module] = imported
        }
        return modules
    }

    /// The modules a file imports: `import X`, `@testable import X`, `import struct X.Y`, `public import X`.
    static func importedModules(_ text: String) -> Set<String> {
        let pattern = #"^\s*(@\w+\s+)*((public|package|internal)\s+)?import\s+((struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
        let regex = try! NSRegularExpression(pattern: pattern, options: .anchorsMatchLines)
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { Range($0.range(at: 6), in: text).map { String(text[$0]) } })
    }

    /// The system modules: those that declare a system (`SimSystem`, `SectionedSystem`, `StepSystem`).
    static func systemModules() throws -> Set<String> {
        let sources = Run.repository.appendingPathComponent("Sources")
        let declaration = try NSRegularExpression(pattern: #"(enum|struct|class)\s+\w+\s*:\s*[^{]*\b(SimSystem|SectionedSystem|StepSystem)\b"#)
        var systems = Set<String>()
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where module != "SimKernel" {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                if declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { systems.insert(module) }
            }
        }
        return systems
    }

    @Test func theServerImportsNoSystemAndNoModuleBuiltOnOne() throws {
        let systems = try Self.systemModules()
        #expect(systems.isSuperset(of: ["PIMS", "Futurae", "Card"]), "the systems found: \(systems.sorted())")
        let imports = try Self.imports()
        // A module that imports a system is the system's (its server routes, its front), or the app's.
        let builtOnASystem = Set(imports.filter { $0.key != "SimWorld" && !$0.value.isDisjoint(with: systems) }.keys)
        #expect(builtOnASystem.contains("FuturaeServer"), "the modules built on a system: \(builtOnASystem.sorted())")
        let server = try #require(imports["SimServer"])
        #expect(server.contains("Hummingbird") && server.contains("SimWorld"), "SimServer's imports read as \(server.sorted())")
        let named = server.intersection(systems.union(builtOnASystem))
        #expect(named.isEmpty, "Sources/SimServer imports \(named.sorted()): a system's routes register through TeamServer.Options.systemRoutes")
    }

    @Test func theServerTargetDependsOnNoSystem() throws {
        let manifest = try String(contentsOf: Run.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: #"name: "SimServer","#))
        let end = try #require(manifest.range(of: "\n        ),", range: start.upperBound..<manifest.endIndex))
        let target = manifest[start.upperBound..<end.lowerBound]
        #expect(target.contains(#""SimWorld""#), "the SimServer target read as: \(target)")
        let systems = try Self.systemModules().union(["FuturaeServer"])
        for system in systems.sorted() {
            #expect(!target.contains("\"\(system)\""), "the SimServer target depends on \(system)")
        }
    }

    /// The import reader finds every form, so the guard cannot pass by reading nothing.
    @Test func theImportReaderFindsEveryForm() {
        let text = """
            import Foundation
            @testable import PIMS
            import struct Futurae.FuturaeUser
            public import Card
              import SimKernel
            // import Commented
            let x = "import Quoted"
            """
        #expect(Self.importedModules(text) == ["Foundation", "PIMS", "Futurae", "Card", "SimKernel"])
    }
}
