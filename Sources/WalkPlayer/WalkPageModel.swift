import SimKernel
import TerminalUI
import Walk

/// What the page's script plays, as JSON: the walk's facts, its exchanges (calls, controls,
/// events), the sequence diagram, and the screens as deltas. A screen keeps only the rows that
/// differ from the screen before it, and every `wholeEvery`-th screen is whole, so scrubbing
/// back rebuilds from near by and an hour's walk stays a few MB.
///
/// A row is a flat array of runs, `[look, text, look, text, …]`: cells of one look, the text one
/// cell per character; a wide character (two cells) is a run of its own with the look `-1 - look`.
/// A look is `[foreground, background or null, bold, underline, dim]`, reverse already applied.
struct WalkPageModel {
    static let wholeEvery = 64

    let walk: Walk
    let theme: Theme
    let paper: String, ink: String
    private var looks: [Look: Int] = [:]
    private var lookList: [JSONValue] = []
    private var steps: [String: Int] = [:]
    private var stepList: [String] = []
    private var frames: [String] = []
    private var previous: (size: Size, rows: [String])?
    private var sinceWhole = 0
    /// The step in force after each entry, and the exchange (index in `exchanges`) the page shows
    /// beside the screen: the last call made (a tour reads the simulator right after most calls,
    /// which would hide them), else the last control or event while there is no call yet.
    private let stepAfter: [String?]
    private let exchangeAfter: [Int]
    private let exchanges: [JSONValue]
    private let exchangeOfEntry: [Int: Int]

    init(walk: Walk, theme: Theme) {
        self.walk = walk
        self.theme = theme
        let light = theme.name == "light"
        paper = light ? "#ffffff" : "#1e1e1e"
        ink = light ? "#1e1e1e" : "#d4d4d4"
        var stepAfter: [String?] = [], exchangeAfter: [Int] = [], exchanges: [JSONValue] = [], exchangeOfEntry: [Int: Int] = [:]
        var step: String?
        var lastCall: Int?
        for (index, entry) in walk.entries.enumerated() {
            if case .step(let label) = entry.what { step = label }
            if case .call(let call) = entry.what, step == nil { step = call.step }
            if let exchange = Self.exchange(entry, index: index, step: step) {
                exchangeOfEntry[index] = exchanges.count
                if case .call = entry.what { lastCall = exchanges.count }
                exchanges.append(exchange)
            }
            stepAfter.append(step)
            exchangeAfter.append(lastCall ?? exchanges.count - 1)
        }
        self.stepAfter = stepAfter
        self.exchangeAfter = exchangeAfter
        self.exchanges = exchanges
        self.exchangeOfEntry = exchangeOfEntry
    }

    /// A call, control or event as the page shows it beside the screen.
    static func exchange(_ entry: WalkEntry, index: Int, step: String?) -> JSONValue? {
        var o: [String: JSONValue] = ["entry": .int(index), "t": .int(entry.t), "step": step.map { .string($0) } ?? .null]
        if let sim = entry.sim { o["sim"] = .string(sim.iso8601) }
        switch entry.what {
        case .call(let call):
            o["kind"] = .string("call")
            o["step"] = .string(call.step)
            o["session"] = .string(call.session)
            o["title"] = .string("\(call.request.type.rawValue) \(call.request.name)" + (call.request.subAPI.map { " (\($0))" } ?? ""))
            o["request"] = Walk.masked(call.request).json
            o["answer"] = call.response.json
            o["outcome"] = .string(Walk.outcome(call.response))
            o["ok"] = .bool(call.response.error == nil)
            if let error = call.response.error {
                o["code"] = .string(error.code.description)
                o["label"] = .string(error.label)
            }
            if let trace = call.response.trace {
                o["rule"] = .string(trace.rule ?? "input")
                o["branch"] = .string(trace.branch)
                if let system = trace.system { o["system"] = .string(system) }
                if trace.injected { o["injected"] = .bool(true) }
            }
            o["ms"] = .int(call.ms)
        case .control(let control, let answer):
            o["kind"] = .string("control")
            o["title"] = .string("simulator " + control.kind)
            o["request"] = control.json
            o["answer"] = answer.json
            o["outcome"] = .string(answer.ok ? "ok" : "refused")
            o["ok"] = .bool(answer.ok)
            if let error = answer.error { o["label"] = .string(error) }
        case .event(let event):
            o["kind"] = .string("event")
            o["title"] = .string("event " + event.kind.rawValue)
            o["answer"] = event.json
            o["outcome"] = .string("pushed")
            o["ok"] = .bool(true)
        default:
            return nil
        }
        return .object(o)
    }

    mutating func add(_ screen: WalkPage.Screen) {
        let frame = screen.frame
        let rows = (0..<frame.size.height).map { JSONText.encode(.array(row($0, of: frame))) }
        var changed: [Int]
        let whole: Bool
        if let previous, previous.size == frame.size, sinceWhole + 1 < Self.wholeEvery {
            changed = (0..<rows.count).filter { rows[$0] != previous.rows[$0] }
            whole = false
            sinceWhole += 1
        } else {
            changed = Array(0..<rows.count)
            whole = true
            sinceWhole = 0
        }
        previous = (frame.size, rows)
        let entry = screen.entry
        let step = entry >= 0 ? stepAfter[entry] : nil
        var out = "{\"t\":\(screen.t),\"e\":\(entry),\"s\":\(step.map { stepIndex($0) } ?? -1),\"c\":\(entry >= 0 ? exchangeAfter[entry] : -1)"
        if whole { out += ",\"w\":[\(frame.size.width),\(frame.size.height)]" }
        if let cursor = frame.cursor { out += ",\"k\":[\(cursor.x),\(cursor.y)]" }
        out += ",\"r\":[" + changed.map { "[\($0),\(rows[$0])]" }.joined(separator: ",") + "]}"
        frames.append(out)
    }

    private mutating func stepIndex(_ label: String) -> Int {
        if let index = steps[label] { return index }
        steps[label] = stepList.count
        stepList.append(label)
        return stepList.count - 1
    }

    private mutating func lookIndex(_ look: Look) -> Int {
        if let index = looks[look] { return index }
        var fg = Frame.hex(look.foreground) ?? ink
        var bg = Frame.hex(look.background)
        if look.attributes.contains(.reverse) { (fg, bg) = (bg ?? paper, fg) }
        looks[look] = lookList.count
        lookList.append([.string(fg), bg.map { .string($0) } ?? .null, .bool(look.attributes.contains(.bold)),
                         .bool(look.attributes.contains(.underline)), .bool(look.attributes.contains(.dim))])
        return lookList.count - 1
    }

    private mutating func row(_ y: Int, of frame: Frame) -> [JSONValue] {
        var runs: [JSONValue] = []
        var text = "", current = -1
        func flush() {
            if !text.isEmpty { runs += [.int(current), .string(text)] }
            text = ""
        }
        for x in 0..<frame.size.width {
            let cell = frame[x, y]
            if cell.isWideTail { continue }
            let look = lookIndex(theme.look(for: cell.style))
            let wide = x + 1 < frame.size.width && frame[x + 1, y].isWideTail
            if wide {
                flush()
                runs += [.int(-1 - look), .string(String(cell.glyph))]
                continue
            }
            if look != current { flush() }
            current = look
            text.append(cell.glyph)
        }
        flush()
        return runs
    }

    var json: String {
        let header = walk.header
        let sequence: [JSONValue] = walk.sequenceDiagram.map { line in
            var o: [String: JSONValue] = ["text": .string(line.text)]
            if let entry = line.entry, let exchange = exchangeOfEntry[entry] { o["x"] = .int(exchange) }
            switch line.kind {
            case .note: o["note"] = .bool(true)
            case .message(let from, let to, let arrow):
                o["from"] = .int(from.rawValue)
                o["to"] = .int(to.rawValue)
                o["arrow"] = .string("\(arrow)")
            }
            return .object(o)
        }
        var facts: [String: JSONValue] = ["backend": .string(header.backend), "recordedBy": .string(header.enrollsim)]
        if let origin = header.scenarioOrigin { facts["scenario"] = .string(origin) }
        for key in ["system", "device", "username", "sdk", "platform"] { if let v = header.session[key] { facts[key] = v } }
        let meta: JSONValue = [
            "title": .string(header.title ?? "enrollsim walk"),
            "width": .int(header.width), "height": .int(header.height),
            "theme": .string(theme.name), "paper": .string(paper), "ink": .string(ink),
            "facts": .object(facts),
            "captions": .object(header.captions.mapValues { .string($0) }),
            "steps": .array(stepList.map { .string($0) }),
            "looks": .array(lookList),
            "exchanges": .array(exchanges),
            "sequence": .array(sequence),
        ]
        // The frames are joined as text: each was encoded once, when it was added.
        let text = JSONText.encode(meta)
        return String(text.dropLast()) + ",\"frames\":[" + frames.joined(separator: ",\n") + "]}"
    }
}
