import Foundation
import SimKernel
import Testing
import Walk

/// Walk files are read as strictly as scenarios: every refusal names the file, the line and the reason.
@Suite struct WalkReaderTests {
    static let header = #"{"backend":"in-process","enrollsim":"0.3.0","format":1,"kind":"walk","session":{},"terminal":{"height":24,"width":80}}"#

    func refusal(_ text: String) throws -> String {
        let path = WalkTests.temporary("bad.jsonl")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Walk.read(path: path)
            Issue.record("accepted: \(text)")
            return ""
        } catch {
            #expect(error.file == path)
            return "\(error.line.map(String.init) ?? "-"): \(error.reason)"
        }
    }

    @Test func badLinesAreRefusedWithTheirLineAndReason() throws {
        #expect(try refusal("") == "-: the walk is empty")
        #expect(try refusal(#"{"kind":"key","t":0,"key":"a"}"#) == "1: the first line must be the walk's header ({\"kind\": \"walk\", …})")
        #expect(try refusal(Self.header.replacingOccurrences(of: #""format":1"#, with: #""format":2"#)) == "1: format 2 is not one this enrollsim reads (1)")
        #expect(try refusal(Self.header + "\n" + #"{"kind":"key","t":5,"key":"a"}"# + "\n" + "nope") .hasPrefix("3: not valid JSON"))
        #expect(try refusal(Self.header + "\n" + #"{"kind":"jump","t":5}"#) == "2: unknown kind \"jump\" (key, paste, resize, step, world, call, control, event, expect)")
        #expect(try refusal(Self.header + "\n" + #"{"kind":"key","t":5}"#) == "2: missing \"key\"")
        #expect(try refusal(Self.header + "\n" + #"{"kind":"key","t":"5","key":"a"}"#) == "2: \"t\" must be a whole number")
        #expect(try refusal(Self.header + "\n" + #"{"kind":"key","t":5,"key":"a","extra":1}"#) == "2: unknown key \"extra\"")
        #expect(try refusal(Self.header + "\n" + #"{"kind":"call","t":5,"session":"d","step":"s","ms":1,"request":{"type":"put","name":"x"},"answer":{}}"#)
                == "2: \"request\": \"type\" must be \"get\", \"set\", \"call\", \"subscribe\" or \"unsubscribe\", not \"put\"")
    }

    /// Issue 30 (9): bytes that are not UTF-8 are refused with the line they are on.
    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLine() throws {
        let path = WalkTests.temporary("latin1.jsonl")
        var bytes = Array((Self.header + "\n" + #"{"kind":"key","t":5,"key":"a"}"# + "\n" + #"{"kind":"paste","t":6,"text":"caf"#).utf8)
        bytes += [0xE9] + Array(#""}"#.utf8) + [0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: WalkError(file: path, line: 3, reason: "the file is not UTF-8 text")) { try Walk.read(path: path) }
    }

    @Test func aWalkReadsBackAsWritten() throws {
        var header = WalkHeader(enrollsim: "t", scenario: "name: x\n", scenarioOrigin: "x", session: ["device": "d"], width: 80, height: 24,
                                backend: "in-process", title: "T")
        header.captions = ["s": "caption"]
        var response = CallResponse.failure("tx-000001", CallError(code: 2308, label: "Wrong PIN"))
        response.trace = AnswerTrace(system: "pims", rule: "R11", branch: "2308", at: SimTime(seconds: 0))
        let walk = Walk(header: header, entries: [
            WalkEntry(t: 0, sim: nil, .key("Enter")),
            WalkEntry(t: 1, sim: nil, .paste("0612\n")),
            WalkEntry(t: 2, sim: SimTime(seconds: 0), .step("Enrollment · step 8")),
            WalkEntry(t: 3, sim: SimTime(seconds: 0), .call(WalkCall(session: "d", step: "Enrollment · step 8",
                                                                       request: CallRequest(.set, "pims.authentication.enrollment", ["action": "enroll"]),
                                                                       response: response, ms: 4))),
            WalkEntry(t: 4, sim: nil, .control(SimControl("inbox", ["phone": "0612345678"]), answer: .success(["messages": []]))),
            WalkEntry(t: 5, sim: nil, .event(SimEvent(id: 1, kind: .smsDelivered, data: ["code": "1234"], at: SimTime(seconds: 60)))),
            WalkEntry(t: 6, sim: nil, .resize(width: 100, height: 30)),
            WalkEntry(t: 7, sim: nil, .world(origin: "x", yaml: "name: x\n")),
        ])
        let path = WalkTests.temporary("round.jsonl")
        try walk.text.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try Walk.read(path: path)
        #expect(read == walk)
        #expect(read.calls.first?.response.trace == response.trace, "the trace is metadata: equality leaves it out, the file keeps it")
    }
}
