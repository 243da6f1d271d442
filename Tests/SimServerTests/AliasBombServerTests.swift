import Foundation
import SimClient
import SimKernel
import SimWorld
import Testing

/// Issue 30.6 through the server: a `load` control carrying a YAML alias bomb is refused with the
/// file, the line and the reason, the world is left as it was, and calls made meanwhile are answered.
@Suite struct AliasBombServerTests {
    /// Ten levels of ten aliases each ("billion laughs"), under a key of its own after a valid scenario.
    static func bomb() throws -> (yaml: String, line: Int) {
        var yaml = try ScenarioLoader.text(of: .named("fresh")).yaml + "bomb:\n  l0: &l0 [" + Array(repeating: "\"lol\"", count: 10).joined(separator: ", ") + "]\n"
        for level in 1...10 { yaml += "  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        // Level 4's aliases pass the bound of 100,000 aliased values.
        let line = (yaml.components(separatedBy: "\n").firstIndex { $0.contains("&l4 ") } ?? -1) + 1
        return (yaml, line)
    }

    // A generous limit (a busy machine): a bomb expanded in full would take hours, not minutes.
    @Test(.timeLimit(.minutes(5)))
    func aBombLoadIsRefusedWithItsLineAndCallsGoOn() async throws {
        let (yaml, line) = try Self.bomb()
        try await withServer("enrolled") { server in
            let client = try server.client()
            let before = server.core.world
            async let refused = client.control(["sim": "load", "yaml": .string(yaml), "origin": "bomb.yaml"])
            async let calls = withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 { group.addTask { await client.call(.get, "pims.authentication.trustedphonenumber").errorCode == nil } }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            let (answer, answered) = try await (refused, calls)
            #expect(!answer.ok)
            #expect(answer.error?.contains("bomb.yaml:\(line): aliases here stand for more than 100000 values") == true, "\(answer.error ?? "")")
            #expect(answered == 20)
            // Not replaced (the calls may move counters, never the scenario or its accounts).
            #expect(server.core.world.name == before.name && server.core.world.accounts == before.accounts)
        }
    }
}
