import ArgumentParser
import Foundation
import SimKernel

/// What a command writes for a person to read (standard output, standard error) passes the one
/// rule for terminal text (`escapingControlCharacters`, docs/safety.md), line breaks kept: a value
/// from outside (a flag, the environment, `config.toml`, a file name, a scenario, a walk) cannot
/// drive the terminal or forge a line, however it came in. Text already escaped passes unchanged.
/// Machine output (`batch`'s JSON, `scenarios show`'s YAML, the manual page) is written by its own
/// writers, which escape the same set.
enum CommandOutput {
    /// Standard output.
    static func print(_ text: String, terminator: String = "\n") {
        Swift.print(shown(text), terminator: shown(terminator))
    }

    /// Standard error, whole lines.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((shown(text) + "\n").utf8))
    }

    static func shown(_ text: String) -> String { text.escapingControlCharacters(keepingLineBreaks: true) }
}

extension Enrollsim {
    /// ArgumentParser's `main`, its error messages under the rule: a usage error repeats the value it
    /// refuses (`--sdk`, an unknown argument), a command's failure its cause. `help NAME` names a
    /// command that must exist (`HelpRequest`).
    static func mainShowingSafeText() async {
        if let error = HelpRequest.unknownName(in: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            exitShowingSafeText(error)
        }
        if let error = UnknownCommand.error(in: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            CommandOutput.error(error.description)
            exit(withError: ExitCode.validationFailure)
        }
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exitShowingSafeText(error)
        }
    }

    /// Ends the process as `exit(withError:)` does, an error's message escaped. A clean exit's text
    /// (help, version, a completion script) is the program's own and is printed as it is.
    static func exitShowingSafeText(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { Swift.print(message) }
        } else if !message.isEmpty {
            CommandOutput.error(message)
        }
        exit(withError: ExitCode(code.rawValue))
    }
}
