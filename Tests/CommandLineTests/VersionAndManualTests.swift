import Foundation
import Testing

/// `--version` and the manual page: one version everywhere, and the committed page is the one the
/// binary writes from its commands' help.
@Suite struct VersionAndManualTests {
    @Test func versionIsOneLineOfThreeNumbers() throws {
        let run = try Run.enrollsim("--version")
        #expect(run.status == 0)
        #expect(run.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(run.stdout)")
    }

    @Test func theCommittedManualPageIsUpToDate() throws {
        let run = try Run.enrollsim("manual")
        #expect(run.status == 0)
        let committed = try String(contentsOf: Run.repository.appendingPathComponent("docs/man/enrollsim.1"), encoding: .utf8)
        #expect(run.stdout == committed, "docs/man/enrollsim.1 is out of date: swift run enrollsim manual > docs/man/enrollsim.1")
    }

    @Test func theManualHasEveryVisibleCommandAndSetting() throws {
        let page = try Run.enrollsim("manual").stdout
        let version = try Run.enrollsim("--version").stdout.trimmingCharacters(in: .newlines)
        #expect(page.hasPrefix(#".TH "ENROLLSIM" "1" "" "enrollsim \#(version)" "User Commands""#))
        for command in ["tui", "batch", "scenarios", "scenarios show", "serve", "config"] {
            #expect(page.contains(".SS \"enrollsim \(command)\""), "no section for \(command)")
        }
        for hidden in ["manual", "tui-selftest", "help"] {
            #expect(!page.contains(".SS \"enrollsim \(hidden)\""), "\(hidden) is hidden from --help")
        }
        for option in [#"\-\-theme"#, #"\-\-admin\-token"#, #"\-\-scenario"#] { #expect(page.contains(option)) }
        for setting in ["ENROLLSIM_THEME", "ENROLLSIM_BACKEND", "admin-token-file", "NO_COLOR", "XDG_CONFIG_HOME", "EXIT STATUS"] {
            #expect(page.contains(setting))
        }
        // Only ASCII reaches roff: anything else is a \[uXXXX] escape.
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func manRendersThePage() throws {
        // man(1) formats the page without complaint (the same as a user's `man enrollsim`).
        let page = Run.repository.appendingPathComponent("docs/man/enrollsim.1").path
        let run = try Run.shell("MANWIDTH=80 man --warnings -l '\(page)' | cat", environment: Run.environment(["MANPAGER": "cat"]))
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "man warns: \(run.stderr)")
        #expect(run.stdout.contains("enrollsim config"))
    }
}
