import SimKernel

/// The walk as a sequence diagram of App → SDK → backend: one exchange per call, a note where a
/// flow step begins, an arrow per event. The Markdown export writes it as Mermaid; the HTML page
/// draws it and lights up the exchange of the screen shown.
public struct SequenceLine: Sendable, Hashable {
    public enum Party: Int, Sendable, Hashable, CaseIterable {
        case app, sdk, backend
        public var name: String { ["App", "SDK", "Backend"][rawValue] }
    }

    public enum Arrow: String, Sendable, Hashable {
        case request = "->>", answer = "-->>", event = "-)"
    }

    public enum Kind: Sendable, Hashable {
        /// Over the whole diagram (a flow step begins).
        case note
        case message(from: Party, to: Party, Arrow)
    }

    public var kind: Kind
    public var text: String
    /// The index in `walk.entries` of the call or event it draws.
    public var entry: Int?
}

extension Walk {
    public var sequenceDiagram: [SequenceLine] {
        var lines: [SequenceLine] = []
        var step: String?
        for (index, entry) in entries.enumerated() {
            switch entry.what {
            case .call(let call):
                if call.step != step {
                    step = call.step
                    lines.append(SequenceLine(kind: .note, text: call.step, entry: index))
                }
                let sub = call.request.subAPI.map { " (\($0))" } ?? ""
                let rule = call.response.trace.map { " · \($0.rule ?? "input") \($0.branch)" } ?? ""
                lines.append(SequenceLine(kind: .message(from: .app, to: .sdk, .request), text: call.request.name + sub, entry: index))
                lines.append(SequenceLine(kind: .message(from: .sdk, to: .backend, .request), text: call.request.type.rawValue, entry: index))
                lines.append(SequenceLine(kind: .message(from: .backend, to: .sdk, .answer), text: Self.outcome(call.response) + rule, entry: index))
                lines.append(SequenceLine(kind: .message(from: .sdk, to: .app, .answer), text: Self.outcome(call.response), entry: index))
            case .event(let event):
                lines.append(SequenceLine(kind: .message(from: .backend, to: .app, .event), text: "event " + event.kind.rawValue, entry: index))
            default:
                continue
            }
        }
        return lines
    }
}
