import Enrollment
import Foundation
import Screens
import TerminalUI

/// The paste attack as a figure: 10 KB pasted into a field of the session screen, from the
/// terminal's bytes to the one frame that shows it, against one typed key and its frame.
func benchmarkPaste(_ bench: inout Bench) async -> [String] {
    let start = AppState()  // the session screen; its scenario field ("fresh") has the focus
    let size = Size(width: 80, height: 24)
    let paste = String(repeating: "quick brown fox 42!\n", count: 511) + "quick brown fox 42!!"  // 10,240 characters
    // What the terminal sends once bracketed paste is on.
    let bracketed = ("\u{1B}[200~" + paste + "\u{1B}[201~").unicodeScalars.map { TerminalInput.scalar($0) }

    let baseline = await bench.measure("baseline: one key into a field → one frame", iterations: 2_000) { n in
        for i in 0..<n {
            var state = start
            _ = reduce(&state, .typed("x"))
            blackHole(Screens.render(state, size: size, tick: i))
        }
        return n
    }
    let pasted = await bench.measure("paste 10 KB into a field → one frame", iterations: 200) { n in
        for i in 0..<n {
            var decoder = BracketedPaste()
            var state = start
            for input in bracketed {
                for case .paste(let text) in decoder.feed(input) { _ = reduce(&state, .pasted(text)) }
            }
            blackHole(Screens.render(state, size: size, tick: i))
        }
        return n
    }
    // A terminal without bracketed paste: 10,240 keys, each through the keymap and the reducer,
    // drained before the one frame.
    let keys = Key.typing(paste.replacingOccurrences(of: "\n", with: " "))
    let typed = await bench.measure("10 KB typed as keys, drained → one frame", iterations: 20) { n in
        for i in 0..<n {
            var state = start
            for key in keys {
                if case .send(let action)? = AppKeymap.command(for: key, in: state) { _ = reduce(&state, action) }
            }
            blackHole(Screens.render(state, size: size, tick: i))
        }
        return n
    }
    return [Bench.report(baseline, baseline: nil), Bench.report(pasted, baseline: baseline), Bench.report(typed, baseline: baseline)]
}
