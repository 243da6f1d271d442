import CNcursesW
import TerminalUI

/// The curses attributes for every style under a theme: one colour pair per style when the theme
/// uses colour, attributes alone otherwise.
struct CursesPalette {
    private var attributes: [attr_t] = []
    private var pairs: [Int16] = []

    /// Call after `start_color` when the theme uses colour.
    init(theme: Theme, defaultColors: Bool) {
        for style in Style.allCases {
            let look = theme.look(for: style)
            var attr = cnc_a_normal()
            if look.attributes.contains(.bold) { attr |= cnc_a_bold() }
            if look.attributes.contains(.reverse) { attr |= cnc_a_reverse() }
            if look.attributes.contains(.underline) { attr |= cnc_a_underline() }
            if look.attributes.contains(.dim) { attr |= cnc_a_dim() }
            var pair: Int16 = 0
            if theme.usesColor {
                pair = Int16(style.rawValue) + 1
                // Without default-colour support, -1 is invalid: fall back to white on black.
                let fg = look.foreground == .default && !defaultColors ? TerminalColor.white : look.foreground
                let bg = look.background == .default && !defaultColors ? TerminalColor.black : look.background
                init_pair(pair, Int16(fg.rawValue), Int16(bg.rawValue))
            }
            attributes.append(attr)
            pairs.append(pair)
        }
    }

    func attributes(of style: Style) -> attr_t { attributes[Int(style.rawValue)] }
    func pair(of style: Style) -> Int16 { pairs[Int(style.rawValue)] }
}
