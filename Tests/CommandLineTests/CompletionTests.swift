import Foundation
import Testing

/// The completion scripts, run by the shells themselves: the subcommands and the theme's values
/// are offered, the hidden commands are not.
@Suite struct CompletionTests {
    private func script(_ shell: String) throws -> URL {
        let run = try Run.enrollsim("--generate-completion-script", shell)
        #expect(run.status == 0)
        let file = try temporaryFolder("completion").appendingPathComponent(shell == "zsh" ? "_enrollsim" : "enrollsim.\(shell)")
        try run.stdout.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// What bash's completion function offers for the words typed so far (the last one may be empty).
    private func bashCompletions(_ script: URL, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let run = try Run.shell("""
            shopt -s extglob
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=\(line.count)
            _enrollsim enrollsim "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """, environment: Run.environment(["PATH": Run.enrollsim.deletingLastPathComponent().path + ":/usr/bin:/bin"]))
        #expect(run.status == 0, "bash: \(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashOffersTheSubcommands() throws {
        let offered = try bashCompletions(try script("bash"), ["enrollsim", ""])
        for command in ["tui", "batch", "scenarios", "serve", "config"] { #expect(offered.contains(command), "\(offered)") }
        #expect(!offered.contains("manual") && !offered.contains("tui-selftest"))
    }

    @Test func bashOffersTheThemes() throws {
        let offered = try bashCompletions(try script("bash"), ["enrollsim", "tui", "--theme", ""])
        #expect(offered.sorted() == ["dark", "light", "mono"])
    }

    @Test func fishOffersTheSubcommandsAndThemes() throws {
        let file = try script("fish")
        let run = try Run.shell("""
            fish --no-config -c "source '\(file.path)'; complete -C 'enrollsim '; echo ---; complete -C 'enrollsim tui --theme '"
            """, environment: Run.environment(["PATH": Run.enrollsim.deletingLastPathComponent().path + ":/usr/bin:/bin"]))
        #expect(run.status == 0, "fish: \(run.stderr)")
        let parts = run.stdout.components(separatedBy: "---\n")
        let commands = parts[0].split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        for command in ["tui", "batch", "scenarios", "serve", "config"] { #expect(commands.contains(command), "\(commands)") }
        #expect(!commands.contains("manual"))
        let themes = parts.count > 1 ? parts[1].split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") } : []
        #expect(themes.sorted() == ["dark", "light", "mono"])
    }

    @Test func zshReadsItsScript() throws {
        // zsh completion needs an interactive line editor to drive; its script must at least parse
        // and define the function compinit will find, with the same subcommands and values.
        let file = try script("zsh")
        let run = try Run.shell("zsh -n '\(file.path)'")
        #expect(run.status == 0, "zsh: \(run.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("#compdef enrollsim"))
        for word in ["'tui:", "'batch:", "'config:", "___theme=('dark' 'light' 'mono')"] { #expect(text.contains(word), "no \(word)") }
    }
}
