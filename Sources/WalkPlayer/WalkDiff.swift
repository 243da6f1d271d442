import SimKernel
import TerminalUI
import Walk

/// `enrollsim diff A B`: what two walks saw, compared: calls with their answers, controls with
/// theirs, events, and the screens each walk's keys drew (played headless through the front).
/// Timing, transaction ids and event ids are left out: two runs of one path on two backends are equal.
public enum WalkDiff {
    /// One thing a walk saw, at a line of its file.
    public struct Observation: Sendable, Equatable {
        public enum Kind: String, Sendable { case call, control, event, screen }
        public var kind: Kind
        /// What is compared: the request and answer, the control and answer, the event, the screen's text.
        public var text: String
        public var line: Int
        public var step: String

        public init(kind: Kind, text: String, line: Int, step: String) {
            self.kind = kind
            self.text = text
            self.line = line
            self.step = step
        }
    }

    /// A run of observations that differ: `a` in the first walk where `b` stands in the second.
    public struct Hunk: Sendable, Equatable {
        public var a: [Observation]
        public var b: [Observation]
        /// Where it stands when one side is empty: the line after which the other side's run comes.
        public var aLine: Int
        public var bLine: Int
    }

    /// What the walk saw, in order. A key's screen is taken just before the next key (or paste,
    /// resize, event) plays: the calls it made come first, as they happened, and the screen they
    /// left after them, labelled with the last of them (the line and step of the answer the screen
    /// shows), or with the key's when it made none.
    public static func observations(_ walk: Walk) async -> [Observation] {
        let session = await WalkSession(walk)
        var out: [Observation] = []
        var step = "-"
        var screen = session.frame.textSnapshot
        var shown = (line: 1, step: "-")
        out.append(Observation(kind: .screen, text: screen, line: 1, step: step))
        func screenSettled() {
            let now = session.frame.textSnapshot
            guard now != screen else { return }
            screen = now
            out.append(Observation(kind: .screen, text: now, line: shown.line, step: shown.step))
        }
        for (i, entry) in walk.entries.enumerated() {
            let line = i + 2
            switch entry.what {
            case .step(let label): step = label
            case .call(let call):
                let answer = WalkCheck.comparable(call.response.json)
                out.append(Observation(kind: .call, text: WalkCheck.describe(call.request) + "\n→ " + JSONText.encode(answer),
                                       line: line, step: call.step))
                shown = (line, call.step)
            case .control(let control, let answer):
                out.append(Observation(kind: .control, text: JSONText.encode(control.json) + "\n→ " + JSONText.encode(answer.json),
                                       line: line, step: step))
                shown = (line, step)
            case .event(let event):
                screenSettled()
                var o = event.json.objectValue ?? [:]
                o["id"] = nil
                out.append(Observation(kind: .event, text: JSONText.encode(.object(o)), line: line, step: step))
                await session.play(entry)
                shown = (line, step)
            case .key, .paste, .resize:
                screenSettled()
                await session.play(entry)
                shown = (line, step)
            case .world, .expect: break
            }
        }
        screenSettled()
        return out
    }

    /// The runs that differ, in order (a longest common subsequence of what both saw keeps the rest
    /// aligned). What both begin and end with is set aside first; a middle too long to align
    /// (over `alignLimit` pairs) is one run.
    public static func hunks(_ a: [Observation], _ b: [Observation]) -> [Hunk] {
        func same(_ x: Observation, _ y: Observation) -> Bool { x.kind == y.kind && x.text == y.text }
        var head = 0
        while head < a.count, head < b.count, same(a[head], b[head]) { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, same(a[a.count - 1 - tail], b[b.count - 1 - tail]) { tail += 1 }
        let x = Array(a[head..<(a.count - tail)]), y = Array(b[head..<(b.count - tail)])
        if x.isEmpty && y.isEmpty { return [] }
        let aLine = head > 0 ? a[head - 1].line : 0, bLine = head > 0 ? b[head - 1].line : 0
        if (x.count + 1) * (y.count + 1) > alignLimit { return [Hunk(a: x, b: y, aLine: aLine, bLine: bLine)] }
        return aligned(x, y, aLine: aLine, bLine: bLine)
    }

    static let alignLimit = 16_000_000

    static func aligned(_ a: [Observation], _ b: [Observation], aLine: Int, bLine: Int) -> [Hunk] {
        let n = a.count, m = b.count
        func same(_ i: Int, _ j: Int) -> Bool { a[i].kind == b[j].kind && a[i].text == b[j].text }
        // lcs[i][j]: the longest common run of a[i...] and b[j...], in one flat table.
        var lcs = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i * (m + 1) + j] = same(i, j) ? lcs[(i + 1) * (m + 1) + j + 1] + 1
                    : max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1])
            }
        }
        var hunks: [Hunk] = []
        var i = 0, j = 0
        var open: Hunk?
        func close() { if let h = open { hunks.append(h); open = nil } }
        func line(_ list: [Observation], _ k: Int, before: Int) -> Int { k > 0 ? list[k - 1].line : before }
        while i < n || j < m {
            if i < n, j < m, same(i, j) {
                close()
                i += 1; j += 1
            } else if j < m, i == n || lcs[i * (m + 1) + j + 1] >= lcs[(i + 1) * (m + 1) + j] {
                if open == nil { open = Hunk(a: [], b: [], aLine: line(a, i, before: aLine), bLine: line(b, j, before: bLine)) }
                open!.b.append(b[j]); j += 1
            } else {
                if open == nil { open = Hunk(a: [], b: [], aLine: line(a, i, before: aLine), bLine: line(b, j, before: bLine)) }
                open!.a.append(a[i]); i += 1
            }
        }
        close()
        return hunks
    }

    /// A hunk said plainly: each side's lines, steps and what it saw; screens as the rows that differ.
    public static func describe(_ hunk: Hunk, a fileA: String, b fileB: String) -> String {
        var out = ""
        let pairs = max(hunk.a.count, hunk.b.count)
        for k in 0..<pairs {
            let x = k < hunk.a.count ? hunk.a[k] : nil, y = k < hunk.b.count ? hunk.b[k] : nil
            if let x, let y, x.kind == .screen, y.kind == .screen {
                out += "\(fileA):\(x.line) ~ \(fileB):\(y.line): the screen differs at step \(x.step.escapingControlCharacters)\n"
                out += screenRows(x.text, y.text)
                continue
            }
            if let x {
                out += "\(fileA):\(x.line): \(x.kind.rawValue) at step \(x.step.escapingControlCharacters)" + (y == nil ? ", not in \(fileB) (after its line \(hunk.bLine))" : "") + "\n"
                out += indent(x.kind == .screen ? x.text : x.text, mark: "-")
            }
            if let y {
                out += "\(fileB):\(y.line): \(y.kind.rawValue) at step \(y.step.escapingControlCharacters)" + (x == nil ? ", not in \(fileA) (after its line \(hunk.aLine))" : "") + "\n"
                out += indent(y.text, mark: "+")
            }
        }
        return out
    }

    static func screenRows(_ a: String, _ b: String) -> String {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        var out = ""
        for row in 0..<max(x.count, y.count) {
            let l = row < x.count ? String(x[row]) : "", r = row < y.count ? String(y[row]) : ""
            guard l != r else { continue }
            out += "  row \(row + 1)\n  - \(l.escapingControlCharacters)\n  + \(r.escapingControlCharacters)\n"
        }
        return out
    }

    static func indent(_ text: String, mark: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  \(mark) \(String($0).escapingControlCharacters)\n" }.joined()
    }
}
