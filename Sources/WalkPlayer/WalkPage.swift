import Foundation
import SimKernel
import TerminalUI
import Walk

/// A walk as one web page that works offline (issue 42): its screens at the walk's size in the
/// theme's colours, as text, with a player (play, pause, step, a timeline, Space ← →), each screen
/// beside the call and answer of that moment, and the whole sequence diagram. Everything is inline
/// (no font, script or style is fetched); a Content-Security-Policy lets only the page's own script
/// and style run, and the walk's texts reach the page as JSON put in as text, never as markup.
public enum WalkPage {
    /// One screen of the page: when, which walk entry produced it (-1: before the first), its frame.
    public struct Screen: Sendable {
        public var t: Int
        public var entry: Int
        public var frame: Frame

        public init(t: Int, entry: Int, frame: Frame) {
            self.t = t
            self.entry = entry
            self.frame = frame
        }
    }

    /// The walk replayed headless through the playback backend (as `--cast` does): a screen per
    /// change, each handed to the page's model at once, none kept but as a delta.
    public static func html(_ walk: Walk, theme: Theme = .dark) async -> String {
        var model = WalkPageModel(walk: walk, theme: theme)
        let session = await WalkSession(walk)
        var last = session.frame
        model.add(Screen(t: 0, entry: -1, frame: last))
        for (index, entry) in walk.entries.enumerated() {
            await session.play(entry)
            let frame = session.frame
            guard frame != last else { continue }
            model.add(Screen(t: entry.t, entry: index, frame: frame))
            last = frame
        }
        return document(model)
    }

    /// The screens a terminal session painted (its `ScreenTape`, the bug report's), beside its walk:
    /// no replay, so the cost does not grow with the session. Each screen is put after the last
    /// walk entry recorded at or before it.
    public static func html(_ walk: Walk, screens: [ScreenTape.Screen], theme: Theme) -> String {
        var model = WalkPageModel(walk: walk, theme: theme)
        var entry = -1
        for screen in screens {
            while entry + 1 < walk.entries.count, walk.entries[entry + 1].t <= screen.t { entry += 1 }
            model.add(Screen(t: screen.t, entry: entry, frame: screen.frame))
        }
        return document(model)
    }

    static func document(_ model: WalkPageModel) -> String {
        let title = escaped(model.walk.header.title ?? "enrollsim walk")
        // `<` only ever stands inside a JSON string: as \u003c no `</script>` or `<!--` in a walk's
        // text can end the data block.
        let data = model.json.replacingOccurrences(of: "<", with: "\\u003c")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(WalkPageTemplate.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="enrollsim">
            <title>\(title)</title>
            <style>\(WalkPageTemplate.style)</style>
            </head>
            <body>
            \(WalkPageTemplate.body)
            <script type="application/json" id="walk-data">\(data)</script>
            <script>\(WalkPageTemplate.script)</script>
            </body>
            </html>

            """
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters have no business in a title (a terminal's escapes least of all).
                if c.value < 0x20 || (0x7F..<0xA0).contains(c.value) { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}
