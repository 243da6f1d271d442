import Foundation
import SimTestSupport
import Testing

/// The release tarball, unpacked into an empty folder outside the source tree, runs there:
/// `--version`, `scenarios` and a `batch` line, from its own resource bundle.
///
/// With ENROLLSIM_RELEASE_TARBALL (CI sets it after scripts/release.sh), the tarball tested is the
/// real release: a static-runtime build. Without it, the test packages the debug build with the
/// same script (`--binary`), which checks the packaging but not the static link: a release build
/// takes a quarter of an hour here, too long for every `swift test`.
@Suite(.serialized) struct ReleaseTests {
    struct Unpacked: Sendable {
        let tarball: URL
        let root: URL  // the folder the tarball holds
        let isRelease: Bool
        var binary: URL { root.appendingPathComponent("bin/enrollsim") }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Made once for both tests: packaging the debug build takes half a minute.
    static let unpacked = Result { try unpack() }

    private static func unpack() throws -> Unpacked {
        let tarball: URL
        let isRelease: Bool
        var scratch: URL?
        if let given = ProcessInfo.processInfo.environment["ENROLLSIM_RELEASE_TARBALL"], !given.isEmpty {
            tarball = URL(fileURLWithPath: given)
            isRelease = true
        } else {
            let out = try temporaryFolder("dist")
            scratch = out
            let script = Run.repository.appendingPathComponent("scripts/release.sh").path
            let run = try Run.shell("'\(script)' --binary '\(Run.enrollsim.path)' --out '\(out.path)'",
                                    environment: Run.environment(["HOME": out.path]))
            guard run.status == 0 else { throw Failure(description: "release.sh failed (\(run.status)): \(run.stderr)") }
            tarball = URL(fileURLWithPath: run.stdout.split(separator: "\n").last.map(String.init) ?? "")
            isRelease = false
        }
        let root = try ReleaseTarball.unpack(tarball)
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        return Unpacked(tarball: tarball, root: root, isRelease: isRelease)
    }

    /// The environment of someone who never built enrollsim: no Swift on the PATH, a home of
    /// their own, the unpacked folder as the working directory.
    private static func run(_ release: Unpacked, _ executable: URL, _ arguments: [String], input: String = "") throws -> Run.Outcome {
        let home = release.root.deletingLastPathComponent().appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return try Run.program(executable, arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "LC_ALL": "C.UTF-8"],
                               input: input, directory: release.root.deletingLastPathComponent())
    }

    @Test func theTarballRunsOutsideTheSourceTree() throws {
        let release = try Self.unpacked.get()
        let fm = FileManager.default

        // The name carries the version the binary reports.
        let version = try Self.run(release, release.binary, ["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        let number = version.stdout.trimmingCharacters(in: .newlines)
        #expect(release.tarball.lastPathComponent == "enrollsim-\(number)-linux-x86_64.tar.gz")

        // What it holds.
        for path in ["bin/enrollsim_EnrollsimAssets.resources/scenarios/fresh.yaml", "share/man/man1/enrollsim.1",
                     "share/bash-completion/completions/enrollsim", "share/zsh/site-functions/_enrollsim",
                     "share/fish/vendor_completions.d/enrollsim.fish", "INSTALL", "LICENSE"] {
            #expect(fm.fileExists(atPath: release.root.appendingPathComponent(path).path), "no \(path)")
        }
        // The licence: the repository's Apache-2.0 text, named by the INSTALL note.
        let license = try String(contentsOf: release.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license == (try String(contentsOf: Run.repository.appendingPathComponent("LICENSE"), encoding: .utf8)))
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(try String(contentsOf: release.root.appendingPathComponent("INSTALL"), encoding: .utf8)
            .contains("Licensed under the Apache License, Version 2.0: see LICENSE."))
        let manual = try String(contentsOf: release.root.appendingPathComponent("share/man/man1/enrollsim.1"), encoding: .utf8)
        #expect(manual == (try String(contentsOf: Run.repository.appendingPathComponent("docs/man/enrollsim.1"), encoding: .utf8)))

        // Every built-in scenario, listed from the packaged bundle.
        let builtIns = try fm.contentsOfDirectory(atPath: Run.repository.appendingPathComponent("Assets/scenarios").path)
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
        let scenarios = try Self.run(release, release.binary, ["scenarios"])
        #expect(scenarios.status == 0, "\(scenarios.stderr)")
        #expect(scenarios.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == builtIns)

        // The bundle read is the packaged one, not the build tree's (SwiftPM's accessor falls back
        // to the build folder's absolute path, which exists on this machine): a scenario added to
        // the packaged bundle shows up.
        let bundle = release.root.appendingPathComponent("bin/enrollsim_EnrollsimAssets.resources/scenarios")
        try fm.copyItem(at: bundle.appendingPathComponent("fresh.yaml"), to: bundle.appendingPathComponent("zz-packaged-probe.yaml"))
        #expect(try Self.run(release, release.binary, ["scenarios"]).stdout.contains("zz-packaged-probe"))

        // One batch line, through a symbolic link elsewhere on a PATH (how people install it),
        // answers as the binary in the build tree does.
        let linkFolder = release.root.deletingLastPathComponent().appendingPathComponent("elsewhere/bin")
        try fm.createDirectory(at: linkFolder, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: linkFolder.appendingPathComponent("enrollsim"), withDestinationURL: release.binary)
        let line = #"{"type": "get", "name": "pims.authentication.trustedphonenumber", "params": {}}"# + "\n"
        let batch = try Self.run(release, linkFolder.appendingPathComponent("enrollsim"), ["batch", "--scenario", "enrolled"], input: line)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout.contains(#""status":"SUCCEEDED""#))
        #expect(batch.stdout == (try Run.enrollsim("batch", "--scenario", "enrolled", input: line)).stdout)
    }

    @Test func theInstallNoteNamesTheLibrariesTheBinaryLoads() throws {
        let release = try Self.unpacked.get()
        let note = try String(contentsOf: release.root.appendingPathComponent("INSTALL"), encoding: .utf8)
        let ldd = try Run.shell("ldd '\(release.binary.path)'")
        let loaded = ldd.stdout.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.count >= 3 && fields[1] == "=>" && fields[2].hasPrefix("/") ? String(fields[0].trimmingCharacters(in: .whitespaces)) : nil
        }
        #expect(!loaded.isEmpty)
        for library in loaded { #expect(note.contains("  \(library)  ("), "INSTALL does not name \(library)") }
        #expect(note.contains("libncursesw.so.6  (libncursesw6)"))
        #expect(note.contains("libsqlite3.so.0  (libsqlite3-0)"))
        // Not among what ldd reports, yet needed to reach a server: named apart.
        #expect(!loaded.contains { $0.hasPrefix("libcurl") }, "\(loaded)")
        #expect(note.contains("opens libcurl.so.4\n(libcurl4)"))
        #expect(note.split(separator: "\n").contains { $0.contains("apt-get install") && $0.split(separator: " ").contains("libcurl4") })
        // Nor is libcrypto, which the server opens when it starts.
        #expect(!loaded.contains { $0.hasPrefix("libcrypto") || $0.hasPrefix("libssl") }, "\(loaded)")
        #expect(note.contains("opens OpenSSL's libcrypto.so.3 (libssl3)"))
        #expect(note.split(separator: "\n").contains { $0.contains("apt-get install") && $0.split(separator: " ").contains("libssl3") })
        if release.isRelease {
            // The Swift runtime and Foundation are inside the release binary.
            #expect(loaded.allSatisfy { !$0.hasPrefix("libswift") && !$0.hasPrefix("libFoundation") && !$0.hasPrefix("libdispatch") },
                    "the release loads Swift libraries: \(loaded)")
            #expect(note.contains("sudo apt-get install "))
        }
    }

    /// The release link (Package.swift's `releaseLink`): a position-dependent executable that
    /// exports nothing, its start-up code laid out first (scripts/link). Without a release tarball,
    /// what the link reads: the files the manifest names, and an order of this code's functions.
    @Test func theReleaseBinaryIsLinkedToStartCheaply() throws {
        let release = try Self.unpacked.get()
        let manifest = try String(contentsOf: Run.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let link = Run.repository.appendingPathComponent("scripts/link")
        for file in ["exports.map", "startup-order.txt"] {
            #expect(manifest.contains("\\(link)/\(file)"), "Package.swift's release link does not name \(file)")
            #expect(FileManager.default.fileExists(atPath: link.appendingPathComponent(file).path))
        }
        let order = try String(contentsOf: link.appendingPathComponent("startup-order.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(order.count > 1000)
        guard release.isRelease else { return }
        let header = try Run.shell("readelf -h '\(release.binary.path)'").stdout
        #expect(header.contains("EXEC (Executable file)"), "\(header)")
        // The functions it defines and exports (imports are UND); an -export-dynamic link has tens of thousands.
        let exported = try Run.shell("readelf --dyn-syms -W '\(release.binary.path)'").stdout.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 8 && fields[3] == "FUNC" && fields[6] != "UND"
        }
        #expect(exported.count < 20, "\(exported.count) functions exported, e.g. \(exported.prefix(3))")
        // The order names functions of this code: most of them are still there.
        let defined = Set(try Run.shell("nm --defined-only '\(release.binary.path)'").stdout.split(separator: "\n")
            .compactMap { $0.split(separator: " ").last.map(String.init) })
        let found = order.filter(defined.contains).count
        #expect(found * 10 >= order.count * 8,
                "\(found) of the \(order.count) start-up functions are in the binary: run scripts/link/startup-order.sh")
    }
}
