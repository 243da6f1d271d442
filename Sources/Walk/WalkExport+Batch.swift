import SimKernel

extension Walk {
    /// The walk's calls and controls as a script `enrollsim batch` runs with the same answers: a `load`
    /// of the walk's world first (and at each reconnect), then every call on its session and every
    /// control, in order. Keys, events and steps are the front's: not in a script.
    public var batchScript: String {
        var lines: [JSONValue] = []
        if let start = startingWorld { lines.append(SimControl.load(.yaml(start.yaml, origin: start.origin)).json) }
        var sawTraffic = false
        for entry in entries {
            switch entry.what {
            case .world(let origin, let yaml) where sawTraffic:
                lines.append(SimControl.load(.yaml(yaml, origin: origin)).json)
            case .call(let call):
                sawTraffic = true
                var o = call.request.json.objectValue ?? [:]
                o["session"] = .string(call.session)
                lines.append(.object(o))
            case .control(let control, _):
                sawTraffic = true
                lines.append(control.json)
            default:
                continue
            }
        }
        return lines.map { JSONText.encode($0) + "\n" }.joined()
    }
}
