import Foundation
import Testing

/// Issue 40: `@unchecked Sendable` only on a type with a lock (a `Mutex`, an `Atomic`, an
/// `NSCondition` or `NSLock` in its file), each with its reason on the one comment line above it
/// (`// Unchecked: …`). A type confined to one thread is not `Sendable` at all (`TerminalApp`).
@Suite struct UncheckedSendableTests {
    @Test func everyUncheckedSendableHasALockAndItsReason() throws {
        let sources = Run.repository.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found = 0
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for (i, line) in lines.enumerated() where line.contains("@unchecked Sendable") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                found += 1
                let above = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
                let twoAbove = i > 1 ? lines[i - 2].trimmingCharacters(in: .whitespaces) : ""
                #expect(above.hasPrefix("// Unchecked: ") && !twoAbove.hasPrefix("// "),
                        "Sources/\(path):\(i + 1): its reason goes on the one line above it, `// Unchecked: …`")
                #expect(["Mutex<", "Atomic<", "Atomic(", "Mutex(", "NSCondition", "NSLock"].contains { text.contains($0) },
                        "Sources/\(path):\(i + 1): an @unchecked Sendable type without a lock")
            }
        }
        // The check reads something: the loop's executor and the curl engine are such types.
        #expect(found >= 3)
    }
}
