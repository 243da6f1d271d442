import Foundation
import Testing

/// `--help`, `enrollsim help COMMAND` and the errors a newcomer meets first: they name the three
/// systems, read as prose at any width (ArgumentParser wraps, the source never does), and are whole.
@Suite struct HelpTests {
    /// Every command `--help` lists, as `help` takes it.
    static let commands: [[String]] = [[], ["tui"], ["batch"], ["scenarios"], ["scenarios", "list"], ["scenarios", "show"],
                                       ["scenarios", "check"], ["serve"], ["config"], ["replay"], ["diff"], ["export"], ["coverage"],
                                       ["explore"], ["demo"]]

    static func help(_ command: [String], columns: Int) throws -> Run.Outcome {
        try Run.program(Run.enrollsim, ["help"] + command, environment: Run.environment(["COLUMNS": "\(columns)"]))
    }

    @Test func theOverviewNamesTheThreeSystems() throws {
        let run = try Run.enrollsim("--help")
        #expect(run.status == 0)
        for system in ["PIMS", "Futurae", "CA Strong Authentication", "Card"] {
            #expect(run.stdout.contains(system), "--help does not name \(system):\n\(run.stdout)")
        }
        #expect(!run.stdout.contains("the PIMS connected-vehicle mobile SDK."), "--help still says enrollsim is PIMS alone")
    }

    @Test func theManualNamesTheThreeSystems() throws {
        let page = try Run.enrollsim("manual").stdout
        let name = page.split(separator: "\n").drop { $0 != ".SH \"NAME\"" }.dropFirst().first.map(String.init) ?? ""
        for system in ["PIMS", "Futurae", "CA Strong Authentication"] {
            #expect(name.contains(system), "the manual's NAME line does not name \(system): \(name)")
        }
        #expect(page.contains("the simulated backends of every system (PIMS, Futurae, Card)"), "serve's section")
    }

    @Test func serveIsTheTeamServerOfEverySystem() throws {
        let run = try Self.help(["serve"], columns: 200)
        #expect(run.status == 0)
        #expect(run.stdout.contains("every system (PIMS, Futurae, Card)"), "\(run.stdout)")
        #expect(!run.stdout.contains("the simulated PIMS backend"))
    }

    /// A line of the overview and discussion that ends although the next line's first word would
    /// have fitted: a line break written in the source, which shows as "then from the / configuration".
    @Test(arguments: commands) func theProseIsWrappedByTheParserAlone(command: [String]) throws {
        for columns in [80, 200] {
            let run = try Self.help(command, columns: columns)
            #expect(run.status == 0, "help \(command.joined(separator: " ")): \(run.stderr)")
            let prose = run.stdout.components(separatedBy: "\nUSAGE:").first ?? ""
            #expect(!prose.isEmpty && prose.count < run.stdout.count, "no USAGE section: \(run.stdout)")
            let lines = prose.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !next.isEmpty {
                let word = next.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? ""
                #expect(line.count + 1 + word.count >= columns,
                        "help \(command.joined(separator: " ")) at \(columns) columns breaks a line early:\n\(line)\n\(next)")
            }
            // The usage line is the parser's own, one line whatever the width: short enough for 80.
            for line in lines + run.stdout.split(separator: "\n").filter { $0.hasPrefix("USAGE:") }.map(String.init) {
                #expect(line.count <= columns, "help \(command.joined(separator: " ")): a line wider than \(columns) columns: \(line)")
            }
        }
    }

    @Test func helpForAnUnknownCommandIsAnError() throws {
        let run = try Run.enrollsim("help", "nope")
        #expect(run.status == 64, "status \(run.status): \(run.stdout)")
        #expect(run.stderr.contains("enrollsim has no subcommand named \"nope\""), "\(run.stderr)")
        #expect(run.stderr.contains("batch") && run.stderr.contains("serve"), "the message lists the commands: \(run.stderr)")
        let nested = try Run.enrollsim("help", "scenarios", "nope")
        #expect(nested.status == 64)
        #expect(nested.stderr.contains("enrollsim scenarios has no subcommand named \"nope\""), "\(nested.stderr)")
        // A known command's help is still a success.
        #expect(try Run.enrollsim("help", "scenarios", "show").status == 0)
    }

    /// Issue 38 (16): a typo of a command is said to be one, with the nearest command, as git says it;
    /// not "2 unexpected arguments" and the terminal UI's usage.
    @Test func aMistypedCommandNamesTheNearestOne() throws {
        let run = try Run.enrollsim("relpay", "w.jsonl")
        #expect(run.status == 64, "status \(run.status)")
        #expect(run.stderr.contains("enrollsim: 'relpay' is not an enrollsim command. The most similar command is replay."), "\(run.stderr)")
        #expect(!run.stderr.contains("unexpected argument") && !run.stderr.contains("Usage: enrollsim tui"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let scenaros = try Run.enrollsim("scenaros")
        #expect(scenaros.status == 64)
        #expect(scenaros.stderr.contains("The most similar command is scenarios."), "\(scenaros.stderr)")
        // Nothing near: the commands are listed instead.
        let far = try Run.enrollsim("xyzzy")
        #expect(far.status == 64)
        #expect(far.stderr.contains("'xyzzy' is not an enrollsim command. The commands: tui, batch, scenarios"), "\(far.stderr)")
        // Options of the terminal UI, the default command, still parse as before.
        let options = try Run.enrollsim("--scenario", "nope")
        #expect(!options.stderr.contains("is not an enrollsim command"), "\(options.stderr)")
    }

    @Test func anUnknownScenarioIsRefusedWhole() throws {
        let run = try Run.enrollsim("--scenario", "nope")
        #expect(run.status != 0)
        let message = run.stderr
        #expect(!message.contains("…"), "the message is cut: \(message)")
        #expect(message.contains("no built-in scenario named \"nope\""), "\(message)")
        #expect(message.contains("a file path needs a / or a .yaml ending"), "\(message)")
        for name in ["fresh", "team", "futurae-pin", "card-replacement", "card-inactive"] {
            #expect(message.contains(name), "the list of built-ins lacks \(name): \(message)")
        }
    }
}
