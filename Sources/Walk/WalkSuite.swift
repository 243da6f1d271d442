import Foundation
import SimKernel

/// `replay --check WALK…`: walks as a test suite. Files and folders (every `*.jsonl` below a folder,
/// in path order) are checked each against a fresh world; the results come back in the order given,
/// whatever order they finished in.
public enum WalkSuite {
    /// One walk's result: its file, whether it passed, and what was checked or why it failed.
    public struct Result: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            case passed(WalkCheck.Report)
            /// An answer or a screen differed.
            case diverged(WalkCheck.Divergence)
            /// The walk could not be run: a refused file, no world to start from, an unreachable backend.
            case refused(String)
        }

        public var file: String
        public var outcome: Outcome
        /// Wall-clock seconds the check took: reported in JUnit, never compared.
        public var seconds: Double

        public var passed: Bool { if case .passed = outcome { return true }; return false }

        /// The first line of the failure, `file:line: reason`, or nil when it passed.
        public var failureSummary: String? { failureDetail.map { String($0.prefix { $0 != "\n" }) } }

        /// The whole failure as `replay --check` prints it for one walk.
        public var failureDetail: String? {
            switch outcome {
            case .passed: nil
            case .diverged(let d): d.description
            case .refused(let reason): reason
            }
        }
    }

    /// What checks one walk file: reads it (a walk, or a bundle holding one; a refusal is a
    /// `WalkError`), then checks the answers (`WalkCheck`) and, where a front is at hand, the screens.
    public typealias Checker = @Sendable (_ file: String) async throws -> WalkCheck.Report

    /// The walk files named: a file as given, a folder as every `*.jsonl` below it, sorted by path.
    /// A name that is neither is kept, so that its check says "no such file".
    public static func files(_ paths: [String]) -> [String] {
        var out: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                out.append(path)
                continue
            }
            let base = URL(fileURLWithPath: path)
            let found = (FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { $0.pathExtension == "jsonl" }
                .map { path.hasSuffix("/") ? path + relative($0, to: base) : path + "/" + relative($0, to: base) }
            out.append(contentsOf: found.sorted())
        }
        return out
    }

    private static func relative(_ url: URL, to base: URL) -> String {
        let full = url.standardizedFileURL.path, root = base.standardizedFileURL.path
        return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : url.lastPathComponent
    }

    /// Checks every file, at most `parallel` at once, and returns the results in the files' order.
    public static func run(_ files: [String], parallel: Int, check: @escaping Checker) async -> [Result] {
        guard !files.isEmpty else { return [] }
        let width = max(1, min(parallel, files.count))
        return await withTaskGroup(of: (Int, Result).self) { group in
            var results = [Result?](repeating: nil, count: files.count)
            var next = 0
            func start() {
                let index = next, file = files[index]
                next += 1
                group.addTask { (index, await one(file, check: check)) }
            }
            while next < width { start() }
            for await (index, result) in group {
                results[index] = result
                if next < files.count { start() }
            }
            return results.map { $0! }
        }
    }

    static func one(_ file: String, check: Checker) async -> Result {
        let started = Date()
        let outcome: Result.Outcome
        do {
            let report = try await check(file)
            outcome = report.divergence.map { .diverged($0) } ?? .passed(report)
        } catch let error as WalkError {
            outcome = .refused(error.description)
        } catch {
            outcome = .refused("\(file.escapingControlCharacters): \(String(describing: error).escapingControlCharacters)")
        }
        return Result(file: file, outcome: outcome, seconds: Date().timeIntervalSince(started))
    }

    /// "1 call", "2 calls".
    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// One line per walk, the details of each failure under it, then `N passed, M failed`.
    public static func report(_ results: [Result]) -> String {
        var out = ""
        for result in results {
            switch result.outcome {
            case .passed(let r):
                out += "PASS  \(result.file.escapingControlCharacters): \(counted(r.calls, "call")) and \(counted(r.controls, "control"))"
                out += r.expectations > 0 ? ", \(counted(r.expectations, "screen")) as expected" : ""
                out += ", every answer as recorded\n"
            case .diverged, .refused:
                let lines = (result.failureDetail ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                out += "FAIL  \(lines.first ?? "")\n"
                for line in lines.dropFirst() { out += "    \(line)\n" }
            }
        }
        let passed = results.count { $0.passed }
        out += "\(passed) passed, \(results.count - passed) failed\n"
        return out
    }
}
