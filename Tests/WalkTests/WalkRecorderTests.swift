import Foundation
import SimKernel
import Testing
import Walk

/// The terminal loop's keys are held until their frame is painted (`key(_:deferred:)`): the walk
/// file still has every key, in the order things happened, each with the time it was pressed.
@Suite struct WalkRecorderTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var ms = 0
        func tick() -> Int { lock.withLock { ms += 10; return ms } }
    }

    static func header() -> WalkHeader {
        WalkHeader(enrollsim: "test", scenario: nil, scenarioOrigin: nil, session: [:], width: 80, height: 24, backend: "in-process")
    }

    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func heldKeysAreWrittenOnFlushAndBeforeTheNextLineInOrder() throws {
        let path = WalkTests.temporary("held.jsonl")
        let clock = Clock()
        let recorder = try WalkRecorder(path: path, header: Self.header(), now: { clock.tick() })
        recorder.key("Down", deferred: true)
        recorder.key("Up", deferred: true)
        #expect(try lines(path).count == 1)  // the header only: the keys wait for their frame
        #expect(recorder.flush() == false)
        let flushed = try lines(path)
        #expect(flushed.count == 3)
        #expect(flushed[1] == #"{"key":"Down","kind":"key","t":10}"#)
        #expect(flushed[2] == #"{"key":"Up","kind":"key","t":20}"#)
        // A held key goes before any later line: the file keeps the order of events.
        recorder.key("Enter", deferred: true)
        recorder.paste("hi")
        let ordered = try lines(path)
        #expect(ordered.count == 5)
        #expect(ordered[3] == #"{"key":"Enter","kind":"key","t":30}"#)
        #expect(ordered[4].contains(#""kind":"paste""#) && ordered[4].contains(#""t":40"#))
    }

    @Test func theWalkReadBackHasTheHeldKeys() throws {
        let recorder = WalkRecorder(header: Self.header())
        recorder.key("a", deferred: true)
        recorder.key("b", deferred: false)
        let keys = try recorder.walk().entries.compactMap { entry -> String? in
            if case .key(let name) = entry.what { return name }
            return nil
        }
        #expect(keys == ["a", "b"])
    }

    @Test func heldKeysAreWrittenWhenTheRecorderGoes() throws {
        let path = WalkTests.temporary("gone.jsonl")
        do {
            let recorder = try WalkRecorder(path: path, header: Self.header())
            recorder.key("q", deferred: true)
            recorder.flushOnCrash()
            recorder.key("x", deferred: true)
        }
        let written = try lines(path)
        #expect(written.count == 3)
        #expect(written[1].contains(#""key":"q""#) && written[2].contains(#""key":"x""#))
    }
}

extension WalkRecorderTests {
    /// Kept in memory, the keys stay held across the loop's flushes (their lines are made when the
    /// walk is read): the walk still has each at its place and time among the other lines.
    @Test func aWalkInMemoryKeepsHeldKeysInOrderAcrossFlushes() throws {
        let clock = Clock()
        let recorder = WalkRecorder(header: Self.header(), now: { clock.tick() })
        recorder.key("Down", deferred: true)
        #expect(recorder.flush() == false)
        recorder.key("Up", deferred: true)
        recorder.paste("hi")
        #expect(recorder.flush() == false)
        recorder.key("Enter", deferred: true)
        recorder.flush()
        let entries = try recorder.walk().entries
        #expect(entries.map(\.t) == [10, 20, 30, 40])
        #expect(entries.map { entry -> String in
            switch entry.what {
            case .key(let name): name
            case .paste(let text): "paste " + text
            default: "other"
            }
        } == ["Down", "Up", "paste hi", "Enter"])
    }
}
