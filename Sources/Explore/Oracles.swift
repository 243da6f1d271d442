import Enrollment
import Screens
import TerminalUI

/// What was wrong after one input: the explorer writes each (the first of its kind) as a minimal walk.
public struct Finding: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The key's effects were not settled within the deadline.
        case slow
        /// A word cut at the edge of its area, with no ellipsis and no wrap (80×24 or 120×40).
        case wordCut = "word-cut"
        /// A key the help bar shows changed nothing on the screen and said nothing.
        case silentKey = "silent-key"
        /// A control character (an escape sequence) on the screen: text that is not the screen's own.
        case controlText = "control-text"
    }

    public var kind: Kind
    /// The screen it was on.
    public var screen: String
    /// What was wrong, in words.
    public var detail: String
    /// What makes two findings the same one (the screen and the text cut, the key): one walk each.
    public var identity: String

    public var description: String { "\(kind.rawValue) on \(screen): \(detail)" }
}

/// The checks made after every input.
public struct Oracles: Sendable {
    /// The sizes every screen is laid out at for the word-cut and control-text checks.
    public var sizes: [Size]
    /// Longer than this and the key was not answered (milliseconds of real time).
    public var deadlineMs: Int
    public var enabled: Set<Finding.Kind>

    public init(sizes: [Size] = [Size(width: 80, height: 24), Size(width: 120, height: 40)], deadlineMs: Int = 2_000,
                enabled: Set<Finding.Kind> = Set(Finding.Kind.allCases)) {
        self.sizes = sizes
        self.deadlineMs = deadlineMs
        self.enabled = enabled
    }

    public static let none = Oracles(sizes: [], enabled: [])

    func check(input: ExploreInput, previous: ExploreInput?, before: Frame, stateBefore: AppState, after: AppState, frame: Frame, elapsed: Duration) -> [Finding] {
        guard !enabled.isEmpty else { return [] }
        var found: [Finding] = []
        let screen = after.showHelp ? "Help" : after.route.title
        if enabled.contains(.slow), elapsed > .milliseconds(deadlineMs) {
            found.append(Finding(kind: .slow, screen: screen, detail: "\(input) took \(elapsed) (deadline \(deadlineMs) ms)",
                                 identity: "slow \(screen) \(input)"))
        }
        // The help overlay shows no help bar: its keys are the screen's, listed, and only Enter, Esc,
        // the help key and the moves act there (by design).
        // The same key again with a banner up said it again (the same words, so the same frame).
        let repeated = previous == input && after.notice != nil
        if enabled.contains(.silentKey), !stateBefore.showHelp, !repeated, case .key(let name) = input, let key = Key(walkName: name),
           Self.barKeys(stateBefore).contains(key), !Self.mayDoNothing(key, stateBefore), frame == before, after.notice == stateBefore.notice {
            let title = stateBefore.showHelp ? "Help" : stateBefore.route.title
            found.append(Finding(kind: .silentKey, screen: title, detail: "\(input) is in the help bar but changed nothing and said nothing",
                                 identity: "silent \(title) \(name)"))
        }
        // The screen unchanged, its layouts at the other sizes are too (checked when it last changed).
        guard enabled.contains(.wordCut) || enabled.contains(.controlText), frame != before else { return found }
        for size in sizes {
            let shown = Screens.render(after, size: size)
            if enabled.contains(.wordCut), let cut = shown.wordCuts.first {
                found.append(Finding(kind: .wordCut, screen: screen, detail: "at \(size.width)×\(size.height), \(cut)",
                                     identity: "cut \(size.width)x\(size.height) \(screen) \(cut.text)"))
            }
            if enabled.contains(.controlText), let bad = Self.controlCharacter(in: shown.textSnapshot) {
                found.append(Finding(kind: .controlText, screen: screen, detail: "at \(size.width)×\(size.height), \(bad)",
                                     identity: "control \(screen) \(bad)"))
            }
        }
        return found
    }

    /// The keys the help bar offers in this state (each binding with a bar label).
    static func barKeys(_ state: AppState) -> [Key] {
        AppKeymap.keymap(for: state, helpTexts: false).bindings.filter { $0.barLabel != nil }.flatMap { $0.patterns.compactMap(\.key) }
    }

    /// Keys that rightly do nothing at times: a move at the end of a list, clearing an empty field.
    static func mayDoNothing(_ key: Key, _ state: AppState) -> Bool {
        switch AppKeymap.command(for: key, in: state) {
        case .send(.moveSelection)?, .send(.choose(.clearField))?: true
        default: false
        }
    }

    /// The first control character on the screen (an escape sequence's ESC, a bell), with its line.
    public static func controlCharacter(in text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let bad = line.unicodeScalars.first(where: { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }) {
                return "U+\(String(bad.value, radix: 16, uppercase: true)) in \(String(line).debugDescription)"
            }
        }
        return nil
    }
}
