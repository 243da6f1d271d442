import QRCode
import TerminalUI

/// A QR code drawn with half blocks: each cell holds two modules, one above the other. Dark
/// modules are drawn (`█ ▀ ▄`) on a light bar (the `current` style, a reversed bar in every
/// theme: its text is darker than the bar, on a dark terminal, on the light theme's white and in
/// monochrome alike), so a camera reads it whatever the theme; the quiet zone is the bar too.
enum QRView {
    /// The standard's quiet zone; less when the area is too short (2 still decodes).
    static let quietZone = 4

    /// The quiet zone that fits `rows` rows (at least 1), and the columns and rows drawn with it.
    static func layout(_ qr: QRCode, rows: Int) -> (quiet: Int, columns: Int, rows: Int) {
        let quiet = max(1, min(quietZone, (rows * 2 - qr.width) / 2))
        let side = qr.width + 2 * quiet
        return (quiet, side, (side + 1) / 2)
    }

    static func render(_ qr: QRCode, into frame: inout Frame, area: Rect) {
        let (quiet, side, rows) = layout(qr, rows: area.height)
        func dark(_ x: Int, _ y: Int) -> Bool { qr.isDark(x: x - quiet, y: y - quiet) }
        for row in 0..<rows where row < area.height {
            var line = ""
            for x in 0..<side {
                switch (dark(x, row * 2), dark(x, row * 2 + 1)) {
                case (true, true): line.append("█")
                case (true, false): line.append("▀")
                case (false, true): line.append("▄")
                case (false, false): line.append(" ")
                }
            }
            frame.put(line, x: area.x, y: area.y + row, style: .current, clip: area)
        }
    }
}
