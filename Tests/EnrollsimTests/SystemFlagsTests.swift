import ArgumentParser
import Enrollment
import EnrollsimConfig
import Testing
@testable import enrollsim

/// Issue 40: a system's flags (`--platform`, `--sdk`, `--variant`, Futurae's `--lock-type` and
/// `--session-binding`) come from the options its front declares, not from the executable: the
/// spellings stay, a bad value is refused naming the flag and what it takes, `--help` lists them.
@Suite struct SystemFlagsTests {
    static func session(_ arguments: [String]) throws -> SessionChoice { try TUICommand.parse(arguments).options.session }

    static func refusal(_ arguments: [String]) -> String {
        do {
            _ = try TUICommand.parse(arguments)
            return "accepted"
        } catch {
            return TUICommand.message(for: error)
        }
    }

    @Test func theSpellingsOfEverySystemsFlagsSetTheSession() throws {
        let flags = try Self.session(["--platform", "android", "--sdk=2.1", "--variant", "reference", "--lock-type", "biometricsOnly",
                                      "--session-binding", "true", "--device", "bob-phone"])
        #expect(flags.device == "bob-phone")
        var config = SessionConfig()
        flags.systemOptions.apply(to: &config)
        #expect(config.platform == .android && config.sdk.description == "2.1" && config.variant == .reference)
        #expect(config.lockType == .biometricsOnly && config.sessionBinding)
        // PIMS's platform and SDK are settings too: the flag is their layer, over the environment and the file.
        #expect(flags.settingFlags[.platform] == Settings.Flag("--platform", "android"))
        #expect(flags.settingFlags[.sdk] == Settings.Flag("--sdk", "2.1"))
        #expect(flags.settingFlags[.device] == Settings.Flag("--device", "bob-phone"))
    }

    @Test func noFlagLeavesTheScenariosSession() throws {
        let flags = try Self.session([])
        #expect(flags.systemOptions.given.isEmpty)
        var config = SessionConfig()
        flags.systemOptions.apply(to: &config)
        #expect(config == SessionConfig())
    }

    @Test(arguments: [
        (["--platform", "windows"], "the value 'windows' is invalid for '--platform': PIMS's platform is ios or android"),
        (["--sdk", "2.9"], "the value '2.9' is invalid for '--sdk': PIMS's sdk is 2.0, 2.1, 2.2 or 2.3"),
        (["--variant=draft"], "the value 'draft' is invalid for '--variant': PIMS's variant is tutorial or reference"),
        (["--lock-type", "pin"], "'--lock-type': Futurae's lockType is none, biometricsOnly, biometricsOrPasscode or sdkPinWithBiometricsOptional"),
        (["--sdk"], "missing value for '--sdk': PIMS's sdk, 2.0, 2.1, 2.2 or 2.3"),
        (["--plattform", "ios"], "unknown option '--plattform'. Did you mean '--platform'?"),
        (["--colour", "red"], "unknown option '--colour'"),
    ])
    func aBadFlagIsRefusedNamingItAndWhatItTakes(_ arguments: [String], _ said: String) {
        let message = Self.refusal(arguments)
        #expect(message.contains(said), "\(arguments): \(message)")
    }

    @Test func theHelpListsEachSystemsFlagsFromTheirDeclarations() {
        // As one line: the parser wraps the paragraph to the terminal.
        let help = TUICommand.helpMessage(columns: 400).replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("PIMS: --platform ios or android (the platform: iOS sends the SMS code at steps 7/8, Android does not)"), "\(help)")
        #expect(help.contains("--sdk 2.0, 2.1, 2.2 or 2.3"))
        #expect(help.contains("--variant tutorial or reference"))
        #expect(help.contains("Futurae: --lock-type none, biometricsOnly, biometricsOrPasscode or sdkPinWithBiometricsOptional"))
        #expect(help.contains("--session-binding false or true"))
        // The card app declares no flag of its own.
        #expect(!help.contains("Card: --"))
        #expect(help.contains("Each system's own options (not given: the scenario's). PIMS: --platform"))
        #expect(ConfigCommand.helpMessage(columns: 400).contains("PIMS: --platform ios or android"))
    }
}
