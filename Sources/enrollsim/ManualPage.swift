import EnrollsimConfig
import Foundation

/// enrollsim(1) in man(7) macros: NAME, SYNOPSIS and DESCRIPTION from the root command, a
/// subsection per visible subcommand with its options, then the settings (FILES, ENVIRONMENT) from
/// the configuration keys, and the exit statuses. No date: the page is the same on every run.
struct ManualPage {
    let tool: CommandTree.Command

    var roff: String {
        var out = Roff()
        out.macro("TH", "ENROLLSIM", "1", "", "enrollsim \(EnrollsimVersion.current)", "User Commands")
        out.macro("SH", "NAME")
        out.raw("\(tool.commandName) \\- \(Roff.escape(tool.abstract ?? ""))\n")
        out.macro("SH", "SYNOPSIS")
        out.raw(".B \(tool.commandName)\n.RI [ command ] \" [\" options ]\n")
        out.macro("SH", "DESCRIPTION")
        out.paragraphs(tool.discussion)
        out.macro("SH", "OPTIONS")
        options(of: tool, into: &out, global: true)
        out.macro("SH", "COMMANDS")
        for command in visible(tool.subcommands) {
            section(command, path: [tool.commandName], into: &out)
        }
        settings(into: &out)
        out.macro("SH", "EXIT STATUS")
        for (status, meaning) in [
            ("0", "Success; for batch, the end of its input."),
            ("1", "The command failed: a scenario that does not load, a file that cannot be written, no terminal."),
            ("2", "The configuration is bad (file, environment or token file): one line on standard error says where and why."),
            ("64", "The command line is wrong: the usage follows the message."),
            ("129, 130, 143", "The TUI ended on SIGHUP, SIGINT or SIGTERM, the terminal restored."),
        ] {
            out.macro("TP")
            out.raw(".B \(status)\n")
            out.text(meaning)
        }
        out.macro("SH", "SEE ALSO")
        out.text("README.md and the guides under docs/ in enrollsim's sources; `enrollsim --generate-completion-script bash|zsh|fish` for shell completion.")
        return out.text
    }

    private func section(_ command: CommandTree.Command, path: [String], into out: inout Roff) {
        let path = path + [command.commandName]
        out.macro("SS", path.joined(separator: " "))
        out.paragraphs(command.abstract)
        if let discussion = command.discussion {
            out.macro("PP")
            out.paragraphs(discussion)
        }
        options(of: command, into: &out)
        for sub in visible(command.subcommands) {
            section(sub, path: path, into: &out)
        }
    }

    /// The subcommands `--help` lists: not the hidden ones, nor the parser's own `help`.
    private func visible(_ commands: [CommandTree.Command]?) -> [CommandTree.Command] {
        (commands ?? []).filter { ($0.shouldDisplay ?? true) && $0.commandName != "help" }
    }

    /// A command's options; --help and --version, which every command has, only at the top.
    private func options(of command: CommandTree.Command, into out: inout Roff, global: Bool = false) {
        for argument in command.arguments ?? [] where argument.shouldDisplay {
            let names = Set((argument.names ?? []).map(\.name))
            if !global && (names.contains("help") || names.contains("version")) { continue }
            out.macro("TP")
            out.raw(synopsis(of: argument) + "\n")
            var help = argument.abstract ?? ""
            if let values = argument.allValues, !values.allSatisfy({ help.contains($0) }) {
                help += " Values: \(values.joined(separator: ", "))."
            }
            if let value = argument.defaultValue, argument.kind != "flag" { help += " (default: \(value))" }
            out.text(help.trimmingCharacters(in: .whitespaces))
            if let discussion = argument.discussion { out.paragraphs(discussion) }
        }
    }

    /// `\fB\-\-scenario\fR \fIscenario\fR`, `\fB\-h\fR, \fB\-\-help\fR`, `\fIname\fR`.
    private func synopsis(of argument: CommandTree.Argument) -> String {
        let value = argument.valueName.map { "\\fI\(Roff.escape($0))\\fR" }
        if argument.kind == "positional" { return (value ?? "") + (argument.isRepeating ? " ..." : "") }
        let names = (argument.names ?? []).map { name in
            let dashes = name.kind == "long" ? "\\-\\-" : "\\-"
            return "\\fB" + dashes + Roff.escape(name.name).replacingOccurrences(of: "-", with: "\\-") + "\\fR"
        }.joined(separator: ", ")
        return argument.kind == "option" ? names + " " + (value ?? "") : names
    }

    private func settings(into out: inout Roff) {
        out.macro("SH", "FILES")
        out.macro("TP")
        out.raw(".I $XDG_CONFIG_HOME/enrollsim/config.toml\n")
        out.text("""
            The settings a person sets once (else ~/.config/enrollsim/config.toml): TOML, one key = value a line, \
            no sections. A bad file (syntax, unknown key, wrong type, bad value) is refused with its line and \
            the reason, and nothing starts (exit status 2). Paths in it are relative to its folder. Its keys:
            """)
        for key in ConfigKey.allCases {
            out.macro("TP")
            out.raw(".B \(key.name)\n")
            out.text(key.summary + ".")
        }
        out.macro("SH", "ENVIRONMENT")
        out.text("A flag overrides the environment, which overrides the configuration file, which overrides the default. An empty variable counts as unset.")
        for key in ConfigKey.allCases {
            guard let variable = key.environmentVariable else { continue }
            out.macro("TP")
            out.raw(".B \(variable)\n")
            out.text("The \(key.name) setting: \(key.summary).")
        }
        for (variable, meaning) in [
            ("ENROLLSIM_ADMIN_TOKEN", "The team server's admin token (never in config.toml); for serve, the token it requires."),
            ("NO_COLOR", "Any non-empty value: theme mono, unless ENROLLSIM_THEME or --theme says otherwise."),
            ("XDG_CONFIG_HOME", "Where config.toml is looked for (default ~/.config)."),
            ("XDG_DATA_HOME", "Where serve keeps its database by default (default ~/.local/share)."),
        ] {
            out.macro("TP")
            out.raw(".B \(variable)\n")
            out.text(meaning)
        }
    }
}

/// Writes roff: macros, and text with the characters roff would take for requests escaped.
struct Roff {
    private(set) var text = ""

    mutating func macro(_ name: String, _ arguments: String...) {
        text += "." + name + arguments.map { " \"\(Self.escape($0))\"" }.joined() + "\n"
    }

    mutating func raw(_ roff: String) { text += roff }

    /// Running text: one output line per source line, a line starting with . or ' made literal.
    mutating func text(_ prose: String) {
        for line in prose.split(separator: "\n", omittingEmptySubsequences: true) {
            let escaped = Self.escape(String(line).trimmingCharacters(in: .whitespaces))
            text += (escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" : "") + escaped + "\n"
        }
    }

    /// Paragraphs separated by blank lines.
    mutating func paragraphs(_ prose: String?) {
        guard let prose else { return }
        let paragraphs = prose.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { macro("PP") }
            text(paragraph)
        }
    }

    /// Backslashes, and characters beyond ASCII as `\[uXXXX]` (groff reads ASCII without preconv).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                out += "\\e"
            } else if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }
}
