/// The escape sequences terminals send for keys whatever their key database says: xterm's CSI and
/// SS3 forms (a modifier such as Ctrl in `ESC [1;5A` is ignored: Ctrl-↑ is ↑), the VT220 `~` keys,
/// rxvt's Home and End, mouse reports, and the paste markers. Anything else is a complete sequence
/// of no meaning here, dropped whole.
enum EscapeSequence {
    /// `ESC [ …` at the start of `rest`: the step it makes, or `nil` while it is incomplete.
    static func control(in rest: ArraySlice<UInt8>) -> KeyDecoder.Step? {
        let start = rest.startIndex
        guard rest.count > 2 else { return nil }
        let first = rest[start + 2]
        if first == UInt8(ascii: "M") { return x10Mouse(in: rest) }
        // Parameters (0x30–0x3F), intermediates (0x20–0x2F), then the final byte (0x40–0x7E).
        var end = start + 2
        while end < rest.endIndex, (0x20...0x3F).contains(rest[end]) { end += 1 }
        guard end < rest.endIndex else { return nil }
        let length = end - start + 1
        let final = rest[end]
        // A byte that ends no sequence (a control character): the sequence was broken; drop what
        // came before it, and decode that byte on its own.
        guard (0x40...0x7E).contains(final) else { return KeyDecoder.Step(length: length - 1) }
        let parameters = rest[(start + 2)..<end]
        if parameters.first == UInt8(ascii: "<") {
            return KeyDecoder.Step(event: sgrMouse(parameters.dropFirst(), final: final), length: length)
        }
        // A letter's parameters (a modifier) change nothing: only `~` keys read theirs.
        if final == UInt8(ascii: "~") {
            let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(number)
            if numbers.first == 200 {
                return KeyDecoder.Step(inputs: BracketedPaste.startMarker.map { .scalar($0) }, length: length)
            }
            return step(tilde(numbers.first ?? nil), length: length)
        }
        return step(letter(final), length: length)
    }

    /// `ESC O x`: the cursor keys in application mode, F1–F4, the keypad's Enter.
    static func singleShift(final: UInt8) -> Key? {
        if final == UInt8(ascii: "M") { return .enter }
        return letter(final)
    }

    private static func step(_ key: Key?, length: Int) -> KeyDecoder.Step {
        KeyDecoder.Step(inputs: key.map { [.key($0)] } ?? [], length: length)
    }

    /// The keys xterm names by a final letter.
    private static func letter(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final - UInt8(ascii: "P")) + 1)
        default: nil
        }
    }

    /// The VT220 keys, `ESC [ n ~`.
    private static func tilde(_ n: Int?) -> Key? {
        guard let n else { return nil }
        return switch n {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(n - 10)
        case 17...21: .function(n - 11)
        case 23, 24: .function(n - 12)
        default: nil
        }
    }

    /// SGR mouse (`ESC [ < b ; x ; y M`, 1-based cells): a press of the left button is a click,
    /// the wheel is ↑ and ↓ (as terminals send it when they report no mouse); the rest is dropped.
    private static func sgrMouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalEvent? {
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(number)
        guard final == UInt8(ascii: "M"), numbers.count == 3, let b = numbers[0], let x = numbers[1], let y = numbers[2] else { return nil }
        return mouse(button: b, x: x - 1, y: y - 1)
    }

    /// X10 mouse (`ESC [ M b x y`, each a byte offset by 32); six bytes in all.
    private static func x10Mouse(in rest: ArraySlice<UInt8>) -> KeyDecoder.Step? {
        guard rest.count >= 6 else { return nil }
        let s = rest.startIndex
        let event = mouse(button: Int(rest[s + 3]) - 32, x: Int(rest[s + 4]) - 33, y: Int(rest[s + 5]) - 33)
        return KeyDecoder.Step(event: event, length: 6)
    }

    private static func mouse(button: Int, x: Int, y: Int) -> TerminalEvent? {
        // Shift, Alt and Ctrl (4, 8, 16) do not change the button; motion (32) is no press.
        let b = button & ~(4 | 8 | 16)
        switch b {
        case 0 where x >= 0 && y >= 0: return .click(Point(x: x, y: y))
        case 64: return .key(.up)
        case 65: return .key(.down)
        default: return nil
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
