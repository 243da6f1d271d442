import SimKernel

extension AppState {
    /// The API log's selected request or answer, as pretty JSON, to the terminal's clipboard.
    mutating func copy(_ part: LogPart) -> [Effect] {
        guard let entry = log.selected else {
            notice = .info("No call to copy.", advice: "Select a call in the API log first.")
            return []
        }
        let text: String? = switch part {
        case .request: entry.requestText
        case .response: entry.response.map { JSONText.pretty($0.json) }
        }
        guard let text else {
            notice = .info("\(entry.request.name) has no answer yet to copy.")
            return []
        }
        let what = part == .request ? "request" : "answer"
        notice = .success("Copied the \(what) of \(entry.request.name) as JSON (\(text.utf8.count) bytes) to the clipboard.",
                          advice: "Written as OSC 52: the terminal (or tmux with set-clipboard on) must accept it.")
        return [.copyToClipboard(text)]
    }
}
