@testable import Enrollment
import Testing

/// One key binding type: what a feature declares is what the keymap matches and the help draws.
@Suite struct KeyBindingTests {
    @Test("A letter is ^letter while a field takes typing; a symbol has no ^ form; other keys stay")
    func typing() {
        #expect(KeyHint.letter("s").typing(true) == .ctrl("s"))
        #expect(KeyHint.letter("s").typing(false) == .char("s"))
        #expect(KeyHint.letter("/").isSymbol)
        #expect(!KeyHint.letter("s").isSymbol)
        #expect(KeyHint.function(6).typing(true) == .function(6))
        #expect(KeyHint.enter.typing(true) == .enter)
    }

    @Test("The session screen's bindings, as its feature declares them, are the app's commands: same keys, words and help")
    func featureBindingsAreTheCommands() {
        let state = AppState()
        let declared = SessionSetup.keys(state.session, state.shared).filter(\.isOffered)
        let commands = state.availableCommands
        for binding in declared {
            let action: Action = switch binding.does {
            case .own(let own): .session(own)
            case .app(let app): app
            }
            let command = commands.first { $0.action == action }
            #expect(command?.key == binding.key, "\(binding.title)")
            #expect(command?.title == binding.title)
            #expect(command?.help == binding.help)
        }
        #expect(declared.count >= 5)
    }
}
