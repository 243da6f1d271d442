import SimKernel

/// Strict reading of a walk, line by line, as scenarios are read: JSON syntax, then the kind, then
/// each field's presence and type, then unknown keys. Blank lines are refused too: a walk is written
/// by a program, and a hole in it means it was edited or cut.
enum WalkReader {
    static func parse(_ text: String, file: String) throws(WalkError) -> Walk {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first else { throw WalkError(file: file, line: nil, reason: "the walk is empty") }
        var headerLine = try Fields(first, line: 1, file: file)
        let header = try headerLine.header()
        var entries: [WalkEntry] = []
        entries.reserveCapacity(lines.count - 1)
        for (i, line) in lines.enumerated().dropFirst() {
            var fields = try Fields(line, line: i + 1, file: file)
            entries.append(try fields.entry())
        }
        return Walk(header: header, entries: entries)
    }

    /// One line's object, read field by field; `done` refuses the keys nobody read.
    private struct Fields {
        let o: [String: JSONValue]
        let line: Int
        let file: String
        var read: Set<String> = []

        init(_ text: String, line: Int, file: String) throws(WalkError) {
            self.line = line
            self.file = file
            let json: JSONValue
            do {
                json = try JSONText.parse(text)
            } catch {
                throw WalkError(file: file, line: line, reason: error.description)
            }
            guard let o = json.objectValue else { throw WalkError(file: file, line: line, reason: "a line must be a JSON object, not \(json.typeName)") }
            self.o = o
        }

        func fail(_ reason: String) -> WalkError { WalkError(file: file, line: line, reason: reason) }

        mutating func value(_ key: String) throws(WalkError) -> JSONValue {
            read.insert(key)
            guard let v = o[key], v != .null else { throw fail("missing \"\(key)\"") }
            return v
        }
        mutating func optional(_ key: String) -> JSONValue? {
            read.insert(key)
            guard let v = o[key], v != .null else { return nil }
            return v
        }
        mutating func string(_ key: String) throws(WalkError) -> String {
            guard let s = try value(key).stringValue else { throw fail("\"\(key)\" must be a string") }
            return s
        }
        mutating func int(_ key: String) throws(WalkError) -> Int {
            guard let n = try value(key).intValue else { throw fail("\"\(key)\" must be a whole number") }
            return n
        }
        mutating func object(_ key: String) throws(WalkError) -> [String: JSONValue] {
            guard let v = try value(key).objectValue else { throw fail("\"\(key)\" must be an object") }
            return v
        }

        func done() throws(WalkError) {
            if let unknown = o.keys.sorted().first(where: { !read.contains($0) }) { throw fail("unknown key \"\(unknown)\"") }
        }

        mutating func header() throws(WalkError) -> WalkHeader {
            guard try string("kind") == "walk" else { throw fail("the first line must be the walk's header ({\"kind\": \"walk\", …})") }
            let format = try int("format")
            guard format == WalkHeader.format else { throw fail("format \(format) is not one this enrollsim reads (\(WalkHeader.format))") }
            let terminal = try object("terminal")
            guard let width = terminal["width"]?.intValue, let height = terminal["height"]?.intValue, width > 0, height > 0 else {
                throw fail("\"terminal\" must be {\"width\": n, \"height\": n} with n > 0")
            }
            var scenario: String?
            var origin: String?
            if let s = optional("scenario") {
                guard let yaml = s["yaml"]?.stringValue else { throw fail("\"scenario\" must be {\"yaml\": …, \"origin\": …}") }
                scenario = yaml
                origin = s["origin"]?.stringValue
            }
            let header0 = WalkHeader(enrollsim: try string("enrollsim"), scenario: scenario, scenarioOrigin: origin,
                                    session: try object("session"), width: width, height: height, backend: try string("backend"),
                                    title: try optional("title").map { v throws(WalkError) in
                                        guard let s = v.stringValue else { throw fail("\"title\" must be a string") }
                                        return s
                                    })
            var header = header0
            if let captions = optional("captions") {
                guard let o = captions.objectValue, o.values.allSatisfy({ $0.stringValue != nil }) else {
                    throw fail("\"captions\" must map step labels to strings")
                }
                header.captions = o.compactMapValues(\.stringValue)
            }
            try done()
            return header
        }

        mutating func entry() throws(WalkError) -> WalkEntry {
            let kind = try string("kind")
            let t = try int("t")
            guard t >= 0 else { throw fail("\"t\" must not be negative") }
            var sim: SimTime?
            if let s = optional("sim") {
                guard let text = s.stringValue, let time = SimTime(iso8601: text) else { throw fail("\"sim\" must be an ISO 8601 time") }
                sim = time
            }
            let what: WalkEntry.What
            switch kind {
            case "key": what = .key(try string("key"))
            case "paste": what = .paste(try string("text"))
            case "resize": what = .resize(width: try int("width"), height: try int("height"))
            case "step": what = .step(try string("step"))
            case "world": what = .world(origin: try string("origin"), yaml: try string("yaml"))
            case "call": what = .call(try call())
            case "control":
                let control: SimControl
                let controlJSON = try value("control")
                do {
                    control = try SimControl(json: controlJSON)
                } catch {
                    throw fail("\"control\": \(error.description)")
                }
                let answer = try value("answer")
                guard answer.objectValue?["ok"]?.boolValue != nil else { throw fail("\"answer\" must be a control's answer ({\"ok\": …})") }
                what = .control(control, answer: SimAnswer(json: answer))
            case "event":
                guard let event = SimEvent(json: try value("event")) else { throw fail("\"event\" must be an event ({id, kind, data, at})") }
                what = .event(event)
            case "expect": what = .expect(try expectation())
            default:
                throw fail("unknown kind \"\(kind)\" (key, paste, resize, step, world, call, control, event, expect)")
            }
            try done()
            return WalkEntry(t: t, sim: sim, what)
        }

        mutating func expectation() throws(WalkError) -> WalkExpectation {
            var region = WalkExpectation.Region.screen
            if let r = optional("region") {
                guard let name = r.stringValue, let known = WalkExpectation.Region(rawValue: name) else {
                    throw fail("\"region\" must be one of \(WalkExpectation.Region.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                region = known
            }
            switch (optional("screen"), optional("matches")) {
            case (let text?, nil):
                guard let s = text.stringValue, !s.isEmpty else { throw fail("\"screen\" must be a non-empty string") }
                return WalkExpectation(.text(s), in: region)
            case (nil, let pattern?):
                guard let p = pattern.stringValue, !p.isEmpty else { throw fail("\"matches\" must be a non-empty string") }
                if let problem = WalkExpectation.problem(regex: p) { throw fail(problem) }
                return WalkExpectation(.regex(p), in: region)
            case (nil, nil): throw fail("an expectation needs \"screen\" (a text) or \"matches\" (a regular expression)")
            case (_?, _?): throw fail("an expectation has \"screen\" or \"matches\", not both")
            }
        }

        mutating func call() throws(WalkError) -> WalkCall {
            let request: CallRequest
            var response: CallResponse
            let requestJSON = try value("request"), answerJSON = try value("answer")
            do {
                request = try CallRequest(json: requestJSON)
            } catch {
                throw fail("\"request\": \(error.description)")
            }
            do {
                response = try CallResponse(json: answerJSON)
            } catch {
                throw fail("\"answer\": \(error.description)")
            }
            if let trace = optional("trace") {
                guard let t = AnswerTrace(json: trace) else { throw fail("\"trace\" must be {system, rule, branch, at}") }
                response.trace = t
            }
            let ms = try int("ms")
            return WalkCall(session: try string("session"), step: try string("step"), request: request, response: response, ms: ms)
        }
    }
}
