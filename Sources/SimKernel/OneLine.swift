extension String {
    /// The text on one line, control characters (line breaks included) written as escapes: how a value
    /// from outside (a device name, a scenario's key) goes into a log line or a one-line message
    /// without forging a line of its own or driving the terminal.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where Self.needsEscape(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the line and paragraph separators.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
