import Foundation
import SimKernel
import SimWorld
import Testing

/// The example sessions the docs print (a `$ enrollsim batch --scenario NAME` block: each input line
/// followed by its answer) are what `batch` answers today, byte for byte: the docs say "real output".
@Suite struct DocExampleSessionTests {
    struct Example: CustomStringConvertible, Sendable {
        var page: String
        var line: Int
        var scenario: String
        var pairs: [(input: String, answer: String)]
        var description: String { "\(page):\(line) (\(scenario))" }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every such block of the pages that hold one.
    static let examples: [Example] = {
        var found: [Example] = []
        for page in ["docs/batch.md", "docs/futurae.md", "docs/card.md"] {
            guard let text = try? String(contentsOf: repository.appendingPathComponent(page), encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < lines.count {
                let command = lines[index].replacingOccurrences(of: "$ swift run enrollsim", with: "$ enrollsim")
                guard command.hasPrefix("$ enrollsim batch --scenario "), index > 0, lines[index - 1] == "```" else {
                    index += 1
                    continue
                }
                let scenario = String(command.dropFirst("$ enrollsim batch --scenario ".count))
                var body: [String] = []
                var end = index + 1
                while end < lines.count, lines[end] != "```" { body.append(lines[end]); end += 1 }
                let pairs = stride(from: 0, to: body.count - 1, by: 2).map { (input: body[$0], answer: body[$0 + 1]) }
                found.append(Example(page: page, line: index + 1, scenario: scenario, pairs: pairs))
                index = end
            }
        }
        return found
    }()

    @Test func thePagesHoldTheirExamples() {
        #expect(Set(Self.examples.map(\.page)) == ["docs/batch.md", "docs/futurae.md", "docs/card.md"])
        for example in Self.examples { #expect(example.pairs.count >= 5, "\(example): too short to be the example") }
    }

    @Test(arguments: examples) func theExampleIsWhatBatchAnswers(example: Example) async throws {
        var session = BatchSession(backend: try InProcessBackend(scenario: example.scenario, honoursLatency: false), checkControl: World.check)
        for (number, pair) in example.pairs.enumerated() {
            let answer = await session.answer(pair.input)
            #expect(answer == pair.answer, "\(example), line \(number + 1) of the session: \(pair.input)\n  the page: \(pair.answer)\n  batch:    \(answer ?? "no answer")")
        }
    }
}
