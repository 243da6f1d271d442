import SimKernel
import SimWorld
import Testing

/// Runs `lines` through `batch` on a fresh in-process backend on `scenario`: the JSON answers.
func batchAnswers(_ lines: [String], scenario: String) async throws -> [JSONValue] {
    var session = BatchSession(backend: try InProcessBackend(scenario: scenario, honoursLatency: false), checkControl: World.check)
    var out: [JSONValue] = []
    for line in lines {
        if let answer = await session.answer(line) { out.append(try JSONText.parse(answer)) }
    }
    return out
}

/// Why scenario text is refused, or nil when it loads.
func scenarioRefusal(_ yaml: String, origin: String) -> ScenarioError? {
    do {
        _ = try ScenarioLoader.parse(yaml: yaml, origin: origin)
        return nil
    } catch {
        return error
    }
}

/// A valid scenario text with `find` replaced is refused with the file, the line and the reason.
func expectRefusal(of valid: String, replacing find: String, with replace: String, origin: String, line: Int, reason: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let yaml = valid.replacingOccurrences(of: find, with: replace)
    #expect(yaml != valid, "the test's find text is not in the scenario", sourceLocation: sourceLocation)
    let e = try #require(scenarioRefusal(yaml, origin: origin), sourceLocation: sourceLocation)
    #expect(e.file == origin, sourceLocation: sourceLocation)
    #expect(e.line == line, "\(e)", sourceLocation: sourceLocation)
    #expect(e.reason.contains(reason), "\(e)", sourceLocation: sourceLocation)
}
