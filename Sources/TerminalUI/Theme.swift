/// The eight ANSI colours every colour terminal has, plus the terminal's own default.
public enum TerminalColor: Int, Sendable, Hashable, CaseIterable {
    case `default` = -1
    case black, red, green, yellow, blue, magenta, cyan, white
}

/// Attributes that survive on a monochrome terminal.
public struct TextAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let reverse = TextAttributes(rawValue: 1 << 1)
    public static let underline = TextAttributes(rawValue: 1 << 2)
    public static let dim = TextAttributes(rawValue: 1 << 3)
}

/// How one style looks.
public struct Look: Sendable, Hashable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: TextAttributes

    public init(_ foreground: TerminalColor = .default, on background: TerminalColor = .default, _ attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// Maps every `Style` to a `Look`. Both themes give the styles that carry state (step states,
/// banners, selection) distinct attributes, so nothing is said by colour alone; the colour theme
/// only adds colour on top of the monochrome attributes.
public struct Theme: Sendable, Hashable {
    public let name: String
    public let usesColor: Bool
    private let looks: [Look]  // indexed by Style.rawValue

    public init(name: String, usesColor: Bool, look: (Style) -> Look) {
        self.name = name
        self.usesColor = usesColor
        self.looks = Style.allCases.map(look)
    }

    public func look(for style: Style) -> Look { looks[Int(style.rawValue)] }

    public static let monochrome = Theme(name: "monochrome", usesColor: false) { Look(.default, on: .default, attributes(of: $0)) }

    public static let color = Theme(name: "color", usesColor: true) { style in
        let (fg, bg) = colors(of: style)
        return Look(fg, on: bg, attributes(of: style))
    }

    /// Monochrome when `NO_COLOR` is set to anything non-empty (no-color.org) or the terminal has
    /// fewer than eight colours; colour otherwise.
    public static func forTerminal(environment: [String: String], colorCount: Int) -> Theme {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        return colorCount >= 8 ? .color : .monochrome
    }

    private static func attributes(of style: Style) -> TextAttributes {
        switch style {
        case .normal, .border, .code: []
        case .title: [.bold]
        case .selected: [.reverse]
        case .error: [.bold, .reverse]
        case .warning: [.reverse, .underline]
        case .success: [.bold, .underline]
        case .done: [.bold]
        case .current: [.bold, .reverse]
        case .pending: [.dim]
        case .failed: [.bold, .underline]
        case .skipped: [.dim, .underline]
        case .hint, .dim: [.dim]
        case .key: [.bold]
        }
    }

    // With `.reverse`, the foreground becomes the bar's colour.
    private static func colors(of style: Style) -> (TerminalColor, TerminalColor) {
        switch style {
        case .normal, .dim, .hint, .pending: (.default, .default)
        case .title, .key: (.cyan, .default)
        case .selected: (.blue, .default)
        case .error, .failed: (.red, .default)
        case .warning, .current: (.yellow, .default)
        case .success, .done: (.green, .default)
        case .skipped: (.magenta, .default)
        case .border: (.blue, .default)
        case .code: (.magenta, .default)
        }
    }
}
