import SimKernel

/// `replay --check`: the walk's calls and controls sent again, in order, to a fresh world; every
/// answer compared with the recorded one. Transaction ids are left out of the comparison (a shared
/// server numbers its own); everything else the client sees must be equal.
public enum WalkCheck {
    /// Opens a backend on a world given as scenario YAML (the walk's; a reconnect's).
    public typealias Opener = @Sendable (_ origin: String, _ yaml: String) async throws -> any SimBackend

    public struct Report: Sendable, Equatable {
        public var calls = 0
        public var controls = 0
        /// Screen expectations that held (`expect` lines), counted by the screen check.
        public var expectations = 0
        public var divergence: Divergence?
        public var passed: Bool { divergence == nil }
        public init() {}
    }

    /// The first answer or screen that differs, said plainly: where, what was asked, expected and got.
    public struct Divergence: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var step: String
        public var what: String
        public var difference: Difference

        public enum Difference: Sendable, Equatable {
            /// `at`: the first place the two answers differ (`error.code`), or nil when one is not an object.
            case answer(request: String, expected: JSONValue, got: JSONValue, at: String?)
            /// An `expect` line that did not hold, with the region's text as it was.
            case screen(expected: WalkExpectation, shown: String)
        }

        public init(file: String, line: Int, step: String, what: String, difference: Difference) {
            self.file = file
            self.line = line
            self.step = step
            self.what = what
            self.difference = difference
        }

        public var description: String {
            // Each part from the walk on its own line, shown safely (the walk may be anyone's).
            let file = file.escapingControlCharacters, step = step.escapingControlCharacters
            switch difference {
            case .answer(let request, let expected, let got, let at):
                var out = "\(file):\(line): the answer differs at step \(step)\n"
                out += "  \(what)  \(request.escapingControlCharacters)\n"
                if let at { out += "  first difference: \(at.escapingControlCharacters)\n" }
                out += "  expected  \(JSONText.encode(expected))\n"
                out += "  got       \(JSONText.encode(got))"
                return out
            case .screen(let expected, let shown):
                var out = "\(file):\(line): the screen differs at step \(step)\n"
                out += "  expected  \(expected.description.escapingControlCharacters)\n"
                out += "  it showed:"
                let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
                if lines.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { return out + " nothing" }
                for row in lines { out += "\n  │ " + String(row).escapingControlCharacters }
                return out
            }
        }
    }

    public struct NoWorld: Error, CustomStringConvertible {
        public var description: String { "the walk has no scenario to start from (its header has none and no world line comes first)" }
    }

    public static func run(_ walk: Walk, file: String, open: Opener) async throws -> Report {
        guard let start = walk.startingWorld else { throw NoWorld() }
        var backend = try await open(start.origin, start.yaml)
        var report = Report()
        var sawTraffic = false
        var step = "-"
        for (i, entry) in walk.entries.enumerated() {
            let line = i + 2
            switch entry.what {
            case .world(let origin, let yaml):
                // A reconnect (or another scenario chosen): the front opened a fresh world.
                if sawTraffic { backend = try await open(origin, yaml) }
            case .step(let label):
                step = label
            case .call(let call):
                sawTraffic = true
                report.calls += 1
                let got = await backend.send(call.request, session: call.session)
                let expected = comparable(call.response.json)
                let actual = comparable(got.json)
                if expected != actual {
                    report.divergence = Divergence(file: file, line: line, step: call.step, what: "call #\(report.calls)",
                                                   difference: .answer(request: describe(call.request), expected: expected, got: actual,
                                                                       at: firstDifference(expected, actual)))
                    return report
                }
            case .control(let control, let recorded):
                sawTraffic = true
                report.controls += 1
                let got = await backend.control(control)
                if written(got.json) != written(recorded.json) {
                    report.divergence = Divergence(file: file, line: line, step: step, what: "control #\(report.controls)",
                                                   difference: .answer(request: JSONText.encode(control.json), expected: recorded.json,
                                                                       got: got.json, at: firstDifference(recorded.json, got.json)))
                    return report
                }
            case .key, .paste, .resize, .event, .expect:
                continue
            }
        }
        return report
    }

    /// The answer as a walk file holds it: written and read back (a whole double such as a status's
    /// `autonomy` 210.0 is written `210` and read as an integer), without its transaction id.
    public static func comparable(_ answer: JSONValue) -> JSONValue {
        let written = written(answer)
        guard var o = written.objectValue else { return written }
        o["transactionId"] = nil
        return .object(o)
    }

    /// A value as a walk file holds it: written, then read back.
    static func written(_ value: JSONValue) -> JSONValue { (try? JSONText.parse(JSONText.encode(value))) ?? value }

    /// `set pims.authentication.enrollment {"action":"enroll",…}`
    public static func describe(_ request: CallRequest) -> String {
        "\(request.type.rawValue) \(request.name) \(JSONText.encode(.object(request.params)))"
    }

    /// The path of the first difference, with both values: `error.code: 2308 ≠ 2317`.
    static func firstDifference(_ a: JSONValue, _ b: JSONValue, path: String = "") -> String? {
        if a == b { return nil }
        if case .object(let x) = a, case .object(let y) = b {
            for key in Set(x.keys).union(y.keys).sorted() {
                let sub = path.isEmpty ? key : path + "." + key
                switch (x[key], y[key]) {
                case (let l?, let r?): if let d = firstDifference(l, r, path: sub) { return d }
                case (let l?, nil): return "\(sub): \(JSONText.encode(l)) ≠ absent"
                case (nil, let r?): return "\(sub): absent ≠ \(JSONText.encode(r))"
                case (nil, nil): continue
                }
            }
        }
        if case .array(let x) = a, case .array(let y) = b, x.count == y.count {
            for (i, (l, r)) in zip(x, y).enumerated() { if let d = firstDifference(l, r, path: "\(path)[\(i)]") { return d } }
        }
        return "\(path.isEmpty ? "the answer" : path): \(JSONText.encode(a)) ≠ \(JSONText.encode(b))"
    }
}
