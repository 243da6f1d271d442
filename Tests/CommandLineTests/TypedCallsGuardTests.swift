import Foundation
import Testing

/// The terminal app builds its requests from each system module's typed calls and request builders
/// and reads answers through the module's readers (issue 23, typed calls): no JSON key and no call
/// name is spelt as a string in `Sources/Enrollment`. Comments are not code: a `//` line may name a
/// call. Display text that names a call inside a sentence (help lines) is not a key and is not matched.
@Suite struct TypedCallsGuardTests {
    /// What a re-spelt key or call name looks like: `x["key"]`, `["key": value]`, `"pims.…"`.
    static let patterns: [(name: String, regex: String)] = [
        ("a JSON key read by subscript", #"\["[A-Za-z_]+"\]"#),
        ("a JSON key in a dictionary literal", #""[A-Za-z_]+": "#),
        ("a call name", #""(pims|futurae|casa)\.[A-Za-z]"#),
    ]
    /// Agreed exceptions (file: count). None: every key and call name lives in its system's module.
    static let allowed: [String: Int] = [:]

    static func codeLines(under folder: String) throws -> [(file: String, line: Int, text: String)] {
        let root = Run.repository.appendingPathComponent(folder)
        var lines: [(String, Int, String)] = []
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                if code.hasPrefix("//") { continue }
                lines.append(("\(folder)/\(path)", i + 1, String(line)))
            }
        }
        return lines
    }

    @Test func theFrontSpellsNoKeyAndNoCallName() throws {
        let lines = try Self.codeLines(under: "Sources/Enrollment")
        #expect(lines.count > 5_000, "Sources/Enrollment read as \(lines.count) lines: the walk found too little")
        var found: [String: [String]] = [:]
        for (file, number, text) in lines {
            for pattern in Self.patterns where text.range(of: pattern.regex, options: .regularExpression) != nil {
                found[file, default: []].append("\(file):\(number): \(pattern.name): \(text.trimmingCharacters(in: .whitespaces))")
            }
        }
        for (file, hits) in found.sorted(by: { $0.key < $1.key }) where hits.count > Self.allowed[file, default: 0] {
            Issue.record("""
                \(hits.count) key or call-name literal(s) in \(file) (allowed \(Self.allowed[file, default: 0])); \
                read or build it with the system module's type instead:
                \(hits.joined(separator: "\n"))
                """)
        }
    }

    /// The patterns find what they are meant to, so the guard above cannot pass by matching nothing.
    @Test func thePatternsMatchWhatTheyGuard() {
        let samples = [#"let v = answer["now"]?.stringValue"#, #"CallRequest(.call, "x", ["pin": .string(pin)])"#,
                       #"CallRequest(.call, "casa.setPin", [:])"#, #"["userId": userId]"#]
        for sample in samples {
            #expect(Self.patterns.contains { sample.range(of: $0.regex, options: .regularExpression) != nil }, "\(sample) is not caught")
        }
        let prose = [#"KeyBinding(.enter, "open", "Open it (casa.getTransaction).")"#, #"message = "Wrong PIN: \(left) left.""#]
        for sample in prose {
            #expect(!Self.patterns.contains { sample.range(of: $0.regex, options: .regularExpression) != nil }, "\(sample) is display text")
        }
    }
}
