import Foundation
import SimKernel

extension Walk {
    /// A transcript for a ticket: the session, then each flow step with its requests and answers (and
    /// the rule that answered), then a Mermaid sequence diagram of App → SDK → backend.
    public var markdown: String {
        var out = "# \(header.title ?? "enrollsim walk")\n\n"
        out += "- scenario: \(header.scenarioOrigin ?? "(not recorded)")\n"
        out += "- backend: \(header.backend)\n"
        out += "- session: " + header.session.keys.sorted().filter { $0 != "password" }
            .map { "\($0) \(header.session[$0].map(Self.plain) ?? "")" }.joined(separator: ", ") + "\n"
        out += "- recorded by enrollsim \(header.enrollsim), \(calls.count) calls\n"
        var step: String?
        for entry in entries {
            switch entry.what {
            case .step(let label):
                step = label
                out += "\n## \(label)\n"
            case .call(let call):
                if step == nil {
                    step = call.step
                    out += "\n## \(call.step)\n"
                }
                out += "\n`\(call.request.type.rawValue) \(call.request.name)` → **\(Self.outcome(call.response))**"
                if let trace = call.response.trace { out += " (\(trace.rule ?? "input") · \(trace.branch)\(trace.injected ? ", an injected fault" : ""))" }
                out += "\n\n```json\n" + JSONText.encode(Self.masked(call.request).json) + "\n" + JSONText.encode(call.response.json) + "\n```\n"
            case .control(let control, let answer):
                out += "\n- simulator: `\(control.kind)` → \(answer.ok ? "ok" : "refused: \(answer.error ?? "")")\n"
            case .event(let event):
                out += "\n- event: `\(event.kind)` \(JSONText.encode(event.data))\n"
            default:
                continue
            }
        }
        out += "\n## Sequence\n\n```mermaid\n" + mermaid + "```\n"
        // The walk's strings (device, user, steps, errors) are anyone's: `cat` must not run them.
        return out.escapingControlCharacters(keepingLineBreaks: true)
    }

    /// App → SDK → backend, one exchange per call (`sequenceDiagram`, as Mermaid).
    public var mermaid: String {
        var out = "sequenceDiagram\n    participant App\n    participant SDK\n    participant Backend\n"
        for line in sequenceDiagram {
            switch line.kind {
            case .note: out += "    Note over App,Backend: \(Self.mermaidText(line.text))\n"
            case .message(let from, let to, let arrow): out += "    \(from.name)\(arrow.rawValue)\(to.name): \(Self.mermaidText(line.text))\n"
            }
        }
        return out
    }

    public static func outcome(_ response: CallResponse) -> String {
        guard let error = response.error else { return "SUCCEEDED" }
        return "FAILED \(error.name ?? error.code.description)"
    }

    /// Mermaid ends a message at `;` and reads `#` as an entity: both replaced.
    static func mermaidText(_ s: String) -> String {
        s.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "no.")
    }

    /// A transcript goes into tickets: passwords are masked (PINs and codes are the simulator's own).
    public static func masked(_ request: CallRequest) -> CallRequest {
        var r = request
        if r.params["password"] != nil { r.params["password"] = "•••" }
        return r
    }

    static func plain(_ v: JSONValue) -> String { v.stringValue ?? JSONText.encode(v) }
}
