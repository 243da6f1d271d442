import Foundation
import Testing

/// The documentation's relative links lead somewhere: every `[text](path)` and `![alt](path)` in the
/// README, CONTRIBUTING.md, docs/**/*.md and Benchmarks/README.md names a file of the repository,
/// and a `#anchor` names a heading of the page it points at; nothing tracked names a place outside
/// the repository; each system's rules page states every rule. The README stays a first page.
@Suite struct DocLinkTests {
    static let pages: [String] = {
        var pages = ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"]
        let docs = Run.repository.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(atPath: docs.path) {
            for case let path as String in walker where path.hasSuffix(".md") { pages.append("docs/" + path) }
        }
        return pages.sorted()
    }()

    @Test func theREADMEIsUnderTwoHundredLines() throws {
        let readme = try String(contentsOf: Run.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(lines < 200, "README.md has \(lines) lines: move the detail to docs/")
    }

    /// The README's install line names every package CI's script installs, so a newcomer's machine
    /// gets what the tests need.
    @Test func theREADMEInstallsWhatCIInstalls() throws {
        let ci = try String(contentsOf: Run.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
        let readme = try String(contentsOf: Run.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let install = readme.split(separator: "\n").drop { !$0.contains("sudo apt-get install libncurses-dev") }
            .prefix { !$0.hasPrefix("git clone") }.joined(separator: " ")
        let packages = ci.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "need+=(") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != ")" })
        }
        #expect(packages.count >= 10, "no packages read from .ci/run: \(packages)")
        for package in packages {
            #expect(install.split(separator: " ").contains(Substring(package)), "README.md's apt-get line lacks \(package), which .ci/run installs")
        }
    }

    @Test func theDocsAreThere() {
        for page in ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md", "docs/tui.md", "docs/pims.md", "docs/futurae.md",
                     "docs/card.md", "docs/scenarios.md", "docs/batch.md", "docs/walks.md", "docs/server.md", "docs/configuration.md",
                     "docs/pims-rules.md", "docs/futurae-rules.md", "docs/card-rules.md"] {
            #expect(Self.pages.contains(page), "\(page) is missing")
        }
    }

    @Test(arguments: pages) func everyRelativeLinkResolves(page: String) throws {
        let file = Run.repository.appendingPathComponent(page)
        let text = try String(contentsOf: file, encoding: .utf8)
        let links = MarkdownLinks.targets(in: text)
        for link in links {
            let (path, anchor) = MarkdownLinks.split(link.target)
            let target = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path).standardized
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) else {
                Issue.record("\(page):\(link.line): \(link.target): no such file (\(target.path))")
                continue
            }
            guard let anchor else { continue }
            guard !isFolder.boolValue, target.pathExtension == "md" else {
                Issue.record("\(page):\(link.line): \(link.target): an anchor into something that is not a Markdown page")
                continue
            }
            let headings = MarkdownLinks.anchors(in: try String(contentsOf: target, encoding: .utf8))
            #expect(headings.contains(anchor), "\(page):\(link.line): \(link.target): no heading #\(anchor) in \(path.isEmpty ? page : path)")
        }
    }

    /// Each system's rules page states every rule of its contract, by number, as a bold entry (`**R11**`):
    /// a rule left out of its page fails here.
    @Test(arguments: [("docs/pims-rules.md", ["R0a", "R0b", "R0c"] + (1...48).map { "R\($0)" }),
                      ("docs/futurae-rules.md", (0...10).map { "F\($0)" } + (1...14).map { "FA\($0)" }),
                      ("docs/card-rules.md", (0...12).map { "C\($0)" })])
    func everyRuleIsStatedOnItsSystemsPage(page: String, rules: [String]) throws {
        let text = try String(contentsOf: Run.repository.appendingPathComponent(page), encoding: .utf8)
        let missing = rules.filter { !text.contains("**\($0)**") }
        #expect(missing.isEmpty, "\(page) states no rule \(missing.joined(separator: ", ")) (a bold **number** at its entry)")
    }

    /// What names a place outside the repository: the contracts' and references' folders beside it, a
    /// machine's absolute work path. The docs state the rules themselves (docs/*-rules.md) instead.
    static let outsidePaths = [#"\.\./shared/"#, #"\bshared/(spec|reference)\b"#, #"/work/"#]
    /// What names a contract file by name, in the docs (Markdown): the rules pages replace them.
    static let contractFiles = [#"\b[A-Z]+(-[A-Z]+)*-BEHAVIOUR\b"#, #"\bFUTURAE-AUTH-API\b"#]
    /// Agreed exceptions (file: count). docs/view-model.md's flows heading names the seeds' folder; that
    /// page is being rewritten for issue 40's registry, and the rewrite drops it.
    static let allowedOutside: [String: Int] = [:]

    static func outsideReferences(in text: String, markdown: Bool) -> [String] {
        let patterns = outsidePaths + (markdown ? contractFiles : [])
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            patterns.contains { line.range(of: $0, options: .regularExpression) != nil } ? "\(index + 1): \(line)" : nil
        }
    }

    /// No tracked file names a path outside the repository (a link or a path in the docs, a comment in
    /// the code or the scripts), and no Markdown page names a contract file: a clone holds everything
    /// its pages point at.
    @Test func noTrackedFileNamesAPathOutsideTheRepository() throws {
        let listing = try Run.program(URL(fileURLWithPath: "/usr/bin/git"), ["-C", Run.repository.path, "ls-files", "-z"])
        try #require(listing.status == 0, "git ls-files failed: \(listing.stderr)")
        let files = listing.stdout.split(separator: "\0").map(String.init)
        #expect(files.count > 500, "git ls-files listed \(files.count) files: the walk found too little")
        // This file spells the patterns it looks for.
        let own = URL(fileURLWithPath: #filePath).path.replacingOccurrences(of: Run.repository.path + "/", with: "")
        for file in files where file != own {
            guard let data = FileManager.default.contents(atPath: Run.repository.appendingPathComponent(file).path),
                  !data.contains(0), let text = String(data: data, encoding: .utf8) else { continue }
            let hits = Self.outsideReferences(in: text, markdown: file.hasSuffix(".md"))
            if hits.count > Self.allowedOutside[file, default: 0] {
                Issue.record("""
                    \(file) names a place outside the repository; link or cite the page that holds it (docs/*-rules.md):
                    \(hits.joined(separator: "\n"))
                    """)
            }
        }
    }

    /// The patterns find what they guard, and leave alone what only looks alike.
    @Test func theOutsidePathPatternsMatchWhatTheyGuard() {
        for line in ["The contract is `../shared/spec/PIMS-BEHAVIOUR.md` (rules R0–R25)", "// Generated from shared/reference/x.yml",
                     "\"schema_location\": \"/work/wt/srvhard/docs/openapi.yaml\""] {
            #expect(Self.outsideReferences(in: line, markdown: false).count == 1, "\(line) is not caught")
        }
        for line in ["(CARD-BEHAVIOUR §6)", "as FUTURAE-AUTH-API FA2 says", "PIMS-VEHICLE-BEHAVIOUR.md R31"] {
            #expect(Self.outsideReferences(in: line, markdown: true).count == 1, "\(line) is not caught in Markdown")
        }
        for line in ["~/.local/share/enrollsim/enrollsim.db", "[R47](pims-rules.md#14-faults)", "the shared/ envelope", "BEHAVIOUR"] {
            #expect(Self.outsideReferences(in: line, markdown: true).isEmpty, "\(line) is caught")
        }
    }

    /// The checker itself: a link in code is not a link, anchors are GitHub's.
    @Test func theCheckerReadsMarkdownAsGitHubDoes() {
        let text = """
            # The contract, and the decisions where it is silent
            ## `enrollsim batch`: the scripting interface
            ## Calls, answers and controls
            ## Calls, answers and controls
            See [a](docs/a.md#x), ![b](b.svg) and [web](https://example.com), `[not](code.md)`.
            ```
            [not a link](fenced.md)
            ```
            [c](#calls-answers-and-controls-1)
            """
        #expect(MarkdownLinks.targets(in: text).map(\.target) == ["docs/a.md#x", "b.svg", "#calls-answers-and-controls-1"])
        #expect(MarkdownLinks.anchors(in: text) == ["the-contract-and-the-decisions-where-it-is-silent",
                                                    "enrollsim-batch-the-scripting-interface",
                                                    "calls-answers-and-controls", "calls-answers-and-controls-1"])
        let (path, anchor) = MarkdownLinks.split("a.md#b")
        #expect(path == "a.md" && anchor == "b")
        #expect(MarkdownLinks.split("a.md").1 == nil)
    }
}

/// Just enough Markdown for the link check: inline links outside code, and GitHub's heading anchors.
enum MarkdownLinks {
    struct Link: Equatable {
        var target: String
        var line: Int
    }

    /// The targets of inline links and images that are neither web addresses nor in code.
    static func targets(in text: String) -> [Link] {
        var links: [Link] = []
        var fenced = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            // Inline code spans hold no links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset % 2 == 0 ? String($0.element) : "" }.joined(separator: " ")
            var rest = Substring(prose)
            while let close = rest.range(of: "](") {
                let after = rest[close.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                let target = after[..<end].split(separator: " ").first.map(String.init) ?? ""
                if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") {
                    links.append(Link(target: target, line: index + 1))
                }
                rest = after[end...]
            }
        }
        return links
    }

    /// `path#anchor` as its path and anchor.
    static func split(_ target: String) -> (String, String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// Each heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens,
    /// a repeated one numbered.
    static func anchors(in text: String) -> [String] {
        var anchors: [String] = []
        var seen: [String: Int] = [:]
        var fenced = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for character in title.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                } else if character == " " {
                    slug.append("-")
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }
}
