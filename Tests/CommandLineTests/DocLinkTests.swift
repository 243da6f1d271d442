import Foundation
import Testing

/// The documentation's relative links lead somewhere: every `[text](path)` and `![alt](path)` in the
/// README, CONTRIBUTING.md, docs/**/*.md and Benchmarks/README.md names a file of the repository,
/// and a `#anchor` names a heading of the page it points at. The README stays a first page.
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
                     "docs/card.md", "docs/scenarios.md", "docs/batch.md", "docs/walks.md", "docs/server.md", "docs/configuration.md"] {
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
