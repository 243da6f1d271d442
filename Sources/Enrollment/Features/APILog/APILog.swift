import SimKernel

/// Every PIMS call the app made, in order, with the flow step it belongs to.
public struct APILog: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// Sent, no answer yet.
        case waiting
        case answered
        /// The user stopped waiting (Esc) or the client timed out; no answer yet.
        case abandoned
        /// Answered after the user stopped waiting: logged, but changed nothing on screen.
        case lateAnswer
    }

    public struct Entry: Hashable, Sendable {
        public var id: RequestID
        public var step: String
        public var session: String
        public var request: CallRequest
        public var response: CallResponse?
        public var durationMs: Int?
        public var outcome: Outcome

        public init(id: RequestID, step: String, session: String, request: CallRequest, response: CallResponse? = nil,
                    durationMs: Int? = nil, outcome: Outcome = .waiting) {
            self.id = id
            self.step = step
            self.session = session
            self.request = request
            self.response = response
            self.durationMs = durationMs
            self.outcome = outcome
        }

        /// The request envelope as pretty JSON, for the detail view.
        public var requestText: String { JSONText.pretty(request.json) }
        /// The response envelope as pretty JSON, or what is known while there is none.
        public var responseText: String {
            if let response { return JSONText.pretty(response.json) }
            return outcome == .abandoned ? "(no answer yet: stopped waiting)" : "(waiting)"
        }

        /// The words a filter matches: the API and sub-API, the call type, the step, the session,
        /// the outcome (`ok`, `failed`, `waiting`, `late`, `stopped`), the error code and name, and
        /// the request's and answer's JSON text.
        var searchText: String {
            let error = response?.error
            let status = switch (response, outcome) {
            case (nil, .abandoned): "stopped"
            case (nil, _): "waiting"
            case (let r?, let o): (r.error == nil ? "ok succeeded" : "failed") + (o == .lateAnswer ? " late" : "")
            }
            return [summary, step, session, status, error.map { "\($0.code)" } ?? "", error?.name ?? "", requestText,
                    response.map { JSONText.pretty($0.json) } ?? ""].joined(separator: " ").lowercased()
        }

        /// Every word of the filter is somewhere in the entry (an empty filter matches all).
        func matches(_ words: [String]) -> Bool {
            guard !words.isEmpty else { return true }
            let text = searchText
            return words.allSatisfy { text.contains($0) }
        }

        /// One line for the log list: `set pims.authentication.enrollment enroll → FAILED 2308`.
        public var summary: String {
            let sub = request.subAPI.map { " \($0)" } ?? ""
            let answer: String
            switch (response, outcome) {
            case (nil, .abandoned): answer = "… (stopped waiting)"
            case (nil, _): answer = "…"
            case (let r?, _):
                answer = r.error.map { "FAILED \($0.code)" } ?? "SUCCEEDED"
            }
            return "\(request.type.rawValue) \(request.name)\(sub) → \(answer)"
        }
    }

    public var entries: [Entry] = []

    /// The entry shown in detail: the selected one, or the newest the filter shows.
    public var selected: Entry? { selectedIndex.map { entries[$0] } }
    /// The entry shown in detail (index into `entries`).
    public var selection: Int = 0
    /// `/` edits it: the list shows the calls every word of it matches (see `Entry.matches`).
    public var filter = Form([.logFilter])

    /// The indices of the entries the filter lets through, in order.
    public var shown: [Int] {
        let words = filter[.logFilter].lowercased().split(separator: " ").map(String.init)
        return entries.indices.filter { entries[$0].matches(words) }
    }

    /// Index into `entries` of the entry shown in detail: the selection when the filter lets it
    /// through, else the newest that it does.
    public var selectedIndex: Int? {
        let shown = shown
        return shown.contains(selection) ? selection : shown.last
    }

    public init() {}

    mutating func append(_ id: RequestID, _ call: PlannedCall, session: String) {
        entries.append(Entry(id: id, step: call.purpose.stepLabel, session: session, request: call.request,
                             response: nil, durationMs: nil, outcome: .waiting))
        selection = entries.count - 1
    }

    mutating func record(_ id: RequestID, _ response: CallResponse, durationMs: Int) {
        guard let i = entries.lastIndex(where: { $0.id == id }) else { return }
        entries[i].response = response
        entries[i].durationMs = durationMs
        entries[i].outcome = entries[i].outcome == .abandoned ? .lateAnswer : .answered
    }

    mutating func abandon(_ id: RequestID) {
        guard let i = entries.lastIndex(where: { $0.id == id }), entries[i].outcome == .waiting else { return }
        entries[i].outcome = .abandoned
    }
}
