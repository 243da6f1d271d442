import Enrollment
import Explore
import Foundation
import Testing
import Walk

/// The explorer's seed walks for Futurae (Assets/walks/seeds/futurae-*.jsonl, issue 41): keyboard
/// scripts of the deep flows a QA user walks (wrong SDK PINs down to the archived device, a second
/// account, codes typed as they are, an enroll in flight, a login answered late, the back office
/// unenrolling the device, the lock type changed after an enrollment). Each reaches the branches
/// it lists; the committed files are these scripts, recorded with ENROLLSIM_RECORD_SEEDS=1.
@Suite struct FuturaeSeedTests {
    struct Seed: Sendable, CustomStringConvertible {
        let name: String
        let scenario: String
        let inputs: [ExploreInput]
        /// `rule branch` of Futurae's catalogue.
        let reaches: [String]
        var description: String { name }
    }

    /// Assets/walks/seeds in the source tree (the explorer reads the same files from its bundle).
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/walks/seeds").path

    static func keys(_ names: String...) -> [ExploreInput] { names.map { .key($0) } }
    static func paste(_ text: String) -> [ExploreInput] { [.paste(text)] }
    /// The two SDK PIN fields of the enrollment's prompt, each emptied first.
    static func newPIN(_ pin: String) -> [ExploreInput] { keys("Ctrl-U") + paste(pin) + keys("Tab", "Ctrl-U") + paste(pin) }

    static let all: [Seed] = [
        Seed(name: "futurae-wrong-pins", scenario: "futurae-enrolled",
             // Accounts: lock, a failed fingerprint, the right PIN, then five wrong ones; the archived
             // device refuses a lock and an enrollment.
             inputs: keys("Enter", "↓", "Enter", "l", "b", "f", "u") + paste("1234") + keys("Enter", "u")
                + (0..<5).flatMap { _ in paste("0000") + keys("Enter") }
                + keys("l", "n", "Enter", "s"),
             reaches: ["F3 ok", "F5 ok", "F4 locked", "F4 ok", "F4 incorrectPin", "F4 incorrectPinArchivedDevice", "F7 deviceArchived",
                       "F2 deviceArchived"]),
        Seed(name: "futurae-second-account", scenario: "futurae-enrolled",
             // Enroll again on the locked SDK: unlock, the account is there already; then a new SDK PIN
             // sent as typed on an SDK that has one.
             inputs: keys("Enter", "Enter", "Enter", "s", "Enter") + paste("1234") + keys("Enter")
                + keys("n", "Enter", "t", "Ctrl-X", "Esc", "Esc", "s") + newPIN("2468") + keys("Enter"),
             reaches: ["F2 locked", "F4 ok", "F2 accountActive", "F2 multiplePinEnrollDisallowed"]),
        Seed(name: "futurae-typed-payloads", scenario: "futurae-fresh",
             // Payloads typed instead of scanned: badly encoded, a login's, not Futurae's (sent as typed),
             // then the real code with an SDK PIN the lock type does not have.
             inputs: keys("Enter", "Enter", "Enter", "t") + paste("futurae://enroll?activation_code=abc") + keys("Enter", "Enter", "t", "Ctrl-U")
                + paste("futurae://auth?session_id=1") + keys("Enter", "Ctrl-X", "Enter", "Enter", "Enter", "t", "Ctrl-U")
                + paste("https://bank.acme.example/enroll") + keys("Enter", "Enter", "Enter", "s") + newPIN("1234") + keys("Enter", "Enter")
                // The account logged out; then a well-formed code no activation has, checked again.
                + keys("Enter", "o", "Enter", "n", "Enter", "t", "Ctrl-X") + paste("futurae://enroll?activation_code=" + String(repeating: "A", count: 43))
                + keys("Enter"),
             reaches: ["F1 ok", "F2 invalidEncodingActivationCode", "F2 invalidQRCodeEnroll", "F2 invalidQRCode", "F2 pinNotNeeded", "F2 ok",
                       "F6 ok", "F2 activationCodeNotFound"]),
        Seed(name: "futurae-typed-shortcode", scenario: "futurae-pin",
             // Unlock with no SDK PIN set; then the shortcode, the SDK PIN and the token sent as typed.
             inputs: keys("Enter", "↓", "Enter", "u") + paste("1234") + keys("Enter", "Esc", "↑", "Enter", "↓", "Enter") + paste("1234")
                + keys("Ctrl-X", "Enter", "Enter", "Enter", "Enter", "Ctrl-U") + paste("2216857857399044") + keys("Enter", "Enter", "Enter", "Enter")
                + newPIN("12") + keys("Enter", "Enter", "Enter") + newPIN("1357") + keys("Enter") + paste("57S6KDIM") + keys("Enter"),
             reaches: ["F4 invalidParameter", "F2 invalidActivationCode", "F2 sdkPinEmpty", "F2 invalidParameter", "F2 ok"]),
        Seed(name: "futurae-enroll-in-flight", scenario: "futurae-fresh",
             // A latency fault on futurae.enroll keeps it in flight for 3 simulated seconds: a second
             // enroll at once is refused.
             inputs: keys("Enter", "F8", "t", "F5", "Esc", "Enter", "Enter", "s", "n", "Enter", "s"),
             reaches: ["F2 ok", "F2 multipleEnrollDisallowed"]),
        Seed(name: "futurae-login-late", scenario: "futurae-fresh",
             // Enrolled, a login pushed, the clock moved on before it is approved.
             inputs: keys("Enter", "Enter", "Enter", "s", "F8", "y", "a", "a", "a", "Esc", "F6", "y", "Enter"),
             reaches: ["F2 ok", "F9 activationCodeNotFound", "F8 ok"]),
        Seed(name: "futurae-approve-after-unlock", scenario: "futurae-enrolled",
             // Unlocked for 60 s; a login approved under step pacing, left unsent while the clock
             // passes the unlock, then sent with r: the SDK is locked again.
             inputs: keys("Enter", "↓", "Enter", "u") + paste("1234") + keys("Enter", "Esc", "F8", "y", "Esc", "F6", "p", "y", "Esc", "F8", "a", "a",
                                                                            "Esc", "r", "Enter"),
             reaches: ["F4 ok", "F9 locked"]),
        Seed(name: "futurae-unenrolled-by-back-office", scenario: "futurae-enrolled",
             // The back office unenrolls the device (FA11); the phone's list is stale until `g`.
             inputs: keys("Enter", "↓", "Enter", "F8", "s", "Esc", "o", "Enter", "g"),
             reaches: ["F3 ok", "F6 invalidParameter"]),
        Seed(name: "futurae-lock-type-changed", scenario: "futurae-lock-changed",
             // The app does not ask for an SDK PIN (an account is there), but none is set: the SDK asks.
             inputs: keys("Enter", "Enter", "Enter", "s", "Enter") + newPIN("1357") + keys("Enter"),
             reaches: ["F2 sdkPinEnrollRequired", "F2 accountActive"]),
    ]

    /// The Futurae branches `inputs` reach from the scenario, as `rule branch`, and the screen at the end.
    static func play(_ seed: Seed) async throws -> (reached: Set<String>, screen: String) {
        let start = try #require(try ExploreStart.all([seed.scenario]).first)
        let run = try await ExploreRun(start, oracles: .none)
        var reached: Set<String> = []
        for input in seed.inputs {
            for case .branch("futurae", let rule, let branch) in await run.apply(input).reached { reached.insert("\(rule) \(branch)") }
        }
        return (reached, run.frame.textSnapshot)
    }

    @Test(arguments: all) func eachSeedReachesItsBranches(_ seed: Seed) async throws {
        let (reached, screen) = try await Self.play(seed)
        for branch in seed.reaches { #expect(reached.contains(branch), "\(seed.name) does not reach \(branch); it reaches \(reached.sorted())\n\(screen)") }
    }

    /// The committed seed is the script (recorded again when the script changes) and passes `replay --check`.
    @Test(arguments: all) func theCommittedSeedIsTheScriptAndReplays(_ seed: Seed) async throws {
        let path = Self.folder + "/" + seed.name + ".jsonl"
        if ProcessInfo.processInfo.environment["ENROLLSIM_RECORD_SEEDS"] == "1" {
            let start = try #require(try ExploreStart.all([seed.scenario]).first)
            let failure = try await WalkWriter.write(start, seed.inputs, title: "Seed: \(seed.name) (reaches \(seed.reaches.joined(separator: ", ")))",
                                                     to: path)
            #expect(failure == nil, "\(failure ?? "")")
            return
        }
        let walk = try Walk.read(path: path)
        let inputs: [ExploreInput] = walk.entries.compactMap {
            switch $0.what {
            case .key(let name): .key(name)
            case .paste(let text): .paste(text)
            default: nil
            }
        }
        #expect(inputs == seed.inputs, "\(path) is not the script: record it again (ENROLLSIM_RECORD_SEEDS=1)")
        #expect(await WalkWriter.check(path) == nil)
    }

    /// The explorer plays every seed: each is a walk of a built-in scenario on Futurae.
    @Test func everySeedFileIsAScript() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasPrefix("futurae-") && $0.hasSuffix(".jsonl") }
        #expect(Set(files) == Set(Self.all.map { $0.name + ".jsonl" }))
    }
}
