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

/// Maps every `Style` to a `Look`. Every theme gives the styles that carry state (step states,
/// banners, selection) the monochrome theme's attributes, so nothing is said by colour alone; the
/// colour themes only add colour on top.
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

    /// Colours on the terminal's own background (usually dark).
    public static let dark = Theme(name: "dark", usesColor: true) { style in
        let (fg, bg) = darkColors(of: style)
        return Look(fg, on: bg, attributes(of: style))
    }

    /// Dark text on a white background whatever the terminal's own: for projectors and light
    /// rooms. Every cell sets its background, so the whole screen turns light.
    public static let light = Theme(name: "light", usesColor: true) { style in
        let (fg, bg) = lightColors(of: style)
        return Look(fg, on: bg, attributes(of: style))
    }

    /// The theme a setting names: `dark`, `light` or `mono`.
    public static func named(_ name: String) -> Theme? {
        switch name {
        case "dark": .dark
        case "light": .light
        case "mono", "monochrome": .monochrome
        default: nil
        }
    }

    /// The theme to paint with: the one asked for, or monochrome when the terminal has fewer than
    /// eight colours. (Whether colour is wanted at all, NO_COLOR included, the settings decide.)
    public static func forTerminal(requested: Theme, colorCount: Int) -> Theme {
        requested.usesColor && colorCount < 8 ? .monochrome : requested
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
    private static func darkColors(of style: Style) -> (TerminalColor, TerminalColor) {
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

    // On white, yellow and cyan text cannot be read: text is black, blue, red, green or magenta.
    // Reversed styles (selection, errors, the current step, warnings) are bars: their foreground
    // is the bar and their background the text, so the yellow bars carry black text.
    private static func lightColors(of style: Style) -> (TerminalColor, TerminalColor) {
        switch style {
        case .normal, .dim, .hint, .pending: (.black, .white)
        case .title, .key, .border: (.blue, .white)
        case .selected: (.blue, .white)
        case .error, .failed: (.red, .white)
        case .warning, .current: (.yellow, .black)
        case .success, .done: (.green, .white)
        case .skipped, .code: (.magenta, .white)
        }
    }
}
