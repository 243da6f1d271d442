import Foundation
import SimTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `enrollsim batch` as a process: answers are written in bulk for a piped file, yet each one
/// reaches a script that waits for it before sending the next line (issue 14.4's buffered output).
@Suite("batch as a process")
struct BatchCommandLineTests {
    static let call = #"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"#
    static let blocked = #"{"type": "get", "name": "pims.authentication.account", "params": {"actionType": "strong", "type": "isAccountBlocked"}}"#

    @Test func aScriptThatWaitsForEachAnswerGetsIt() throws {
        let talk = try Conversation(["batch", "--scenario", "enrolled"])
        defer { talk.close() }
        talk.send(Self.call)
        let first = try #require(talk.nextLine(), "no answer to the first line while the input stays open")
        #expect(first.contains(#""transactionId":"tx-000001""#), "\(first)")
        talk.send("")  // a blank line: no answer, and the next one still comes
        talk.send(Self.blocked)
        let second = try #require(talk.nextLine(), "no answer to the second line")
        #expect(second.contains(#""transactionId":"tx-000002""#), "\(second)")
        talk.endInput()
        #expect(talk.nextLine() == nil)
        #expect(talk.exitStatus() == 0)
    }

    @Test func lineEndsAsReadLineReadsThem() throws {
        // CRLF, a blank line, and a last line without its newline: the same answers as plain lines.
        let plain = try Run.enrollsim("batch", "--scenario", "enrolled", input: "\(Self.call)\n\(Self.blocked)\n\(Self.call)\n")
        let mixed = try Run.enrollsim("batch", "--scenario", "enrolled", input: "\(Self.call)\r\n\r\n\(Self.blocked)\n  \n\(Self.call)")
        #expect(plain.status == 0 && mixed.status == 0, "\(mixed.stderr)")
        #expect(plain.stdout.split(separator: "\n").count == 3)
        #expect(mixed.stdout == plain.stdout)
    }

    @Test func aLongPipedScriptIsAnsweredWholeAndInOrder() throws {
        // More answers than one output buffer (64 KiB) and lines split across input reads.
        let count = 3_000
        let talk = try Conversation(["batch", "--scenario", "enrolled"])
        defer { talk.close() }
        let writer = Thread {
            talk.send(Array(repeating: Self.call, count: count).joined(separator: "\n"))
            talk.endInput()
        }
        writer.start()
        var answers: [String] = []
        while let line = talk.nextLine() { answers.append(line) }
        #expect(answers.count == count)
        #expect(answers.enumerated().allSatisfy { i, line in line.contains(String(format: #""transactionId":"tx-%06d""#, i + 1)) })
        #expect(talk.exitStatus() == 0)
    }
}

/// A running program fed line by line through a pipe, its answers read as they come.
private final class Conversation: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []

    init(_ arguments: [String]) throws {
        process.executableURL = Run.enrollsim
        process.arguments = arguments
        process.environment = Run.environment()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
    }

    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
    func endInput() { try? input.fileHandleForWriting.close() }

    /// The next line of output, waiting up to a generous limit; nil at its end (or if none came).
    func nextLine(within seconds: Double = 60) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            guard Date() < deadline else { return nil }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return nil }
            pending.append(contentsOf: chunk[..<n])
        }
    }

    func exitStatus() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    func close() {
        endInput()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
