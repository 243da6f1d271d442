import TerminalUI

extension Key {
    /// How a walk writes the key: a typed character as itself, other keys by the name help texts use
    /// (`Enter`, `Ctrl-R`, `F1`, `↑`). One character is always a typed character, so names never clash.
    public var walkName: String { label == "Space" ? " " : label }

    public init?(walkName name: String) {
        if name.count == 1, let c = name.first {
            switch c {
            case "↑": self = .up
            case "↓": self = .down
            case "←": self = .left
            case "→": self = .right
            default: self = .char(c)
            }
            return
        }
        if name.hasPrefix("Ctrl-"), name.count == 6, let c = name.last {
            self = .ctrl(Character(c.lowercased()))
            return
        }
        if name.hasPrefix("F"), let n = Int(name.dropFirst()), (1...12).contains(n) {
            self = .function(n)
            return
        }
        let named: [String: Key] = ["Tab": .tab, "S-Tab": .backTab, "Enter": .enter, "Esc": .escape, "Bksp": .backspace,
                                    "Del": .delete, "Ins": .insert, "Home": .home, "End": .end, "PgUp": .pageUp, "PgDn": .pageDown]
        guard let key = named[name] else { return nil }
        self = key
    }
}
