import Synchronization

/// A full-width message over the content: an error with its code and label, what happened, and
/// what to do next. Each kind has its own glyph so it reads on a monochrome terminal.
public struct Banner: Widget {
    public enum Kind: Sendable, Hashable {
        case error, warning, info, success

        var glyph: String {
            switch self {
            case .error: "✗"
            case .warning: "!"
            case .info: "i"
            case .success: "✓"
            }
        }

        var style: Style {
            switch self {
            case .error: .error
            case .warning: .warning
            case .info: .selected  // no style of its own: the plain reverse bar
            case .success: .success
            }
        }
    }

    public var kind: Kind
    public var title: String
    public var message: String?
    /// What the user can do now, shown after an arrow.
    public var nextStep: String?

    public init(_ kind: Kind, title: String, message: String? = nil, nextStep: String? = nil) {
        self.kind = kind
        self.title = title
        self.message = message
        self.nextStep = nextStep
    }

    /// The lines wrapped for one width already (`laidOut(forWidth:)`).
    private var laid: (width: Int, lines: [(String, Style)])?

    /// The banner with its lines wrapped for `width` once: its height and its drawing at that
    /// width use them (a screen asks for both on every frame).
    public func laidOut(forWidth width: Int) -> Banner {
        var banner = self
        let text = Text(kind: kind, title: title, message: message, nextStep: nextStep, width: width)
        banner.laid = Self.lastLaidOut.withLock { last in
            if let last, last.text == text { return (width, last.lines) }
            let wrapped = lines(width: width)
            last = (text, wrapped)
            return (width, wrapped)
        }
        return banner
    }

    /// What a banner says, at one width.
    private struct Text: Equatable {
        let kind: Kind, title: String, message: String?, nextStep: String?, width: Int
    }

    /// The last banner laid out: a notice stays on screen for many frames, wrapped once.
    private static let lastLaidOut = Mutex<(text: Text, lines: [(String, Style)])?>(nil)

    private func lines(width: Int) -> [(String, Style)] {
        if let laid, laid.width == width { return laid.lines }
        let room = max(1, width - 4)
        // A long title wraps too, its continuation lines indented under the glyph's text.
        let titleLines = title.wrapped(toWidth: max(1, room - 2))
        var out = titleLines.enumerated().map { i, line in ((i == 0 ? kind.glyph + " " : "  ") + line, kind.style) }
        out += (message?.wrapped(toWidth: room) ?? []).map { ("  " + $0, kind.style) }
        out += (nextStep.map { ("→ " + $0).wrapped(toWidth: room) } ?? []).map { ("  " + $0, kind.style) }
        return out
    }

    /// Rows the banner takes at this width.
    public func height(forWidth width: Int) -> Int { lines(width: width).count }

    public func render(into frame: inout Frame, area: Rect) {
        frame.fill(area, style: kind.style)
        for (i, (text, style)) in lines(width: area.width).enumerated() where i < area.height {
            frame.put(text, x: area.x + 1, y: area.y + i, style: style, clip: area.inset(left: 1, right: 1))
        }
    }
}
