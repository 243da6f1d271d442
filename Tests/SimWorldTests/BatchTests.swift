import Foundation
import SimTestSupport
import PIMS
import SimWorld
import Testing

@Suite("enrollsim batch")
struct BatchTests {
    static let script = """
        {"type": "get", "name": "pims.authentication.trustedphonenumber"}
        {"type": "get", "name": "pims.authentication.smscode", "params": {"type": "phoneNumberCertification", "phoneNumber": "0612345678"}}
        {"sim": "inbox", "phone": "0612345678"}

        not json
        [1, 2]
        {"sim": "teleport"}
        {"type": "post", "name": "x"}
        {"sim": "session", "session": "ipad", "device": "alice-ipad", "platform": "ios", "sdk": "2.3", "variant": "tutorial"}
        {"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "alice-pass"}, "session": "ipad"}
        {"type": "get", "name": "pims.authentication.account", "params": {"actionType": "strong", "type": "isDeviceActivated"}, "session": "ipad"}
        {"sim": "advance", "seconds": 60}
        {"sim": "export"}
        """

    func run(_ script: String) async throws -> [String] {
        var session = BatchSession(backend: try InProcessBackend(scenario: "fresh", honoursLatency: false), checkControl: World.check)
        var out: [String] = []
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            if let answer = await session.answer(String(line)) { out.append(answer) }
        }
        return out
    }

    @Test func oneAnswerPerLineInOrderWithLineNumbersInErrors() async throws {
        let out = try await run(Self.script)
        #expect(out.count == 12)  // the blank line is skipped
        #expect(out[0] == #"{"result":{"phoneNumber":null},"status":"SUCCEEDED","transactionId":"tx-000001"}"#)
        #expect(out[3] == #"{"error":"line 5: not valid JSON: unexpected character at offset 0","ok":false}"#)
        #expect(out[4] == #"{"error":"line 6: a line must be a JSON object, not a array","ok":false}"#)
        #expect(out[5].hasPrefix(#"{"error":"line 7: unknown control \"teleport\""#))
        #expect(out[6].hasPrefix(#"{"error":"line 8: \"type\" must be \"get\", \"set\", \"call\", \"subscribe\" or \"unsubscribe\", not \"post\""#))
        #expect(out[9] == #"{"result":{"isDeviceActivated":false},"status":"SUCCEEDED","transactionId":"tx-000004"}"#)
        #expect(out[10] == #"{"now":"2026-01-05T09:01:00Z","ok":true}"#)
    }

    /// A key written twice is refused, never "the last one wins": the line is not run.
    @Test func aKeyWrittenTwiceIsRefused() async throws {
        let out = try await run(#"{"type": "get", "name": "x", "name": "pims.authentication.trustedphonenumber"}"#)
        #expect(out == [#"{"error":"line 1: not valid JSON: duplicate key \"name\" at offset 35","ok":false}"#])
    }

    /// The binary reads standard input as bytes: an ASCII line is parsed in place, any other as a
    /// String reads it. Both ways give the same answers, and the same lines are blank.
    @Test func aLineReadAsBytesIsAnsweredAsTheSameLineReadAsAString() async throws {
        let call = Array(#"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"#.utf8)
        var lines: [[UInt8]] = Self.script.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        lines.append(call)
        lines.append([])
        lines.append([0x20, 0x09, 0x0B, 0x0C, 0x0D])
        lines.append(Array("\u{85}\u{A0}".utf8))
        lines.append([0x1F])
        lines.append(Array(#"{"type": "get", "name": "pims.authentication.trustedphonenumber", "session": "caf\#u{E9}"}"#.utf8))
        // Invalid UTF-8 is repaired (one byte becomes three) before the error's offset is counted.
        let key: [UInt8] = Array(#"{"a"#.utf8) + [0xFF]
        lines.append(key + Array(#"": 1,}"#.utf8))
        let name: [UInt8] = Array(#"{"type": "get", "name": "pims."#.utf8) + [0xC3]
        lines.append(name + Array(#""}"#.utf8))
        lines.append(Array(#"{"sim": "advance", "seconds": 1, "sim": "advance"}"#.utf8))
        var asStrings = BatchSession(backend: try InProcessBackend(scenario: "enrolled", honoursLatency: false), checkControl: World.check)
        var asBytes = BatchSession(backend: try InProcessBackend(scenario: "enrolled", honoursLatency: false), checkControl: World.check)
        for line in lines {
            var fromString: [UInt8] = [], fromBytes: [UInt8] = []
            let answered = await asStrings.answer(String(decoding: line, as: UTF8.self), into: &fromString)
            #expect(await asBytes.answer(utf8: line, into: &fromBytes) == answered, "blank or not: \(line)")
            #expect(String(decoding: fromBytes, as: UTF8.self) == String(decoding: fromString, as: UTF8.self))
        }
        var last: [UInt8] = []
        _ = await asBytes.answer(utf8: call, into: &last)
        #expect(String(decoding: last, as: UTF8.self).contains(#""transactionId":"tx-000008""#), "the lines were answered, not refused")
    }

    @Test func twoRunsOfTheSameScriptPrintIdenticalOutput() async throws {
        let a = try await run(Self.script)
        let b = try await run(Self.script)
        #expect(a == b)
    }

    /// The real binary, end to end through a pipe.
    @Test func theBinaryAnswersOnStandardOutputAndExitsZero() throws {
        let binary = try #require(ExecutableLocator.enrollsim(), "build the enrollsim product first (swift build)")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["batch", "--scenario", "enrolled"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try ProcessLaunch.run(process)
        input.fileHandleForWriting.write(Data(Self.script.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines.first == #"{"result":{"phoneNumber":"0612345678"},"status":"SUCCEEDED","transactionId":"tx-000001"}"#)
    }

    /// Two processes, the same script: the same bytes (nothing depends on per-process hashing).
    @Test func twoRunsOfTheBinaryPrintTheSameBytes() throws {
        func run() throws -> Data {
            let binary = try #require(ExecutableLocator.enrollsim())
            let process = Process()
            process.executableURL = binary
            process.arguments = ["batch", "--scenario", "team"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try ProcessLaunch.run(process)
            input.fileHandleForWriting.write(Data((Self.script + "\n{\"sim\": \"account\", \"username\": \"bob@example.com\"}\n").utf8))
            try input.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        let first = try run()
        #expect(!first.isEmpty)
        #expect(try run() == first)
    }

    @Test func aBadScenarioFlagIsAClearErrorAndANonZeroExit() throws {
        let binary = try #require(ExecutableLocator.enrollsim())
        let process = Process()
        process.executableURL = binary
        process.arguments = ["batch", "--scenario", "/nope.yaml"]
        let err = Pipe()
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(message.contains("/nope.yaml: no such file"))
        #expect(!message.contains("Usage:"))  // not a command-line mistake: no usage text
    }
}

/// Finds the built `enrollsim` next to the test bundle (`.build/<config>/enrollsim`).
enum ExecutableLocator {
    static func enrollsim() -> URL? {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("enrollsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }
}
