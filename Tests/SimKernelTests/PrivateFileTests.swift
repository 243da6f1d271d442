import Foundation
import SimKernel
import Testing

/// Files with secrets or user data (issue 30.4, 30.7): 0600, whole or absent,
/// never over a file unasked, a device written in place and never replaced.
@Suite(.serialized) struct PrivateFileTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-private-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// Under the usual umask (022) a plain write would give 0644. The umask is not changed here: it
    /// is the whole test process's.
    @Test func aNewFileIsOwnerOnly() throws {
        let dir = try Self.folder()
        try PrivateFile.write("secret\n", to: dir + "/a.txt")
        #expect(try Self.mode(dir + "/a.txt") == 0o600)
        let fd = try PrivateFile.create(dir + "/walk.jsonl")
        close(fd)
        #expect(try Self.mode(dir + "/walk.jsonl") == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.txt", "walk.jsonl"])
    }

    @Test func anExistingFileIsKeptUnlessReplacing() throws {
        let dir = try Self.folder()
        try "kept".write(toFile: dir + "/a.txt", atomically: false, encoding: .utf8)
        #expect(throws: PrivateFile.WriteError.self) { try PrivateFile.write("new", to: dir + "/a.txt") }
        do throws(PrivateFile.WriteError) {
            try PrivateFile.write("new", to: dir + "/a.txt")
        } catch {
            #expect(error.exists && error.description.contains("exists already"))
        }
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "kept")
        #expect(throws: PrivateFile.WriteError.self) { _ = try PrivateFile.create(dir + "/a.txt") }
        try PrivateFile.write("new", to: dir + "/a.txt", replacing: true)
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "new")
        #expect(try Self.mode(dir + "/a.txt") == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.txt"])
    }

    @Test func aFullDeviceIsAClearErrorAndStaysADevice() throws {
        do throws(PrivateFile.WriteError) {
            try PrivateFile.write(String(repeating: "x", count: 10_000), to: "/dev/full", replacing: true)
            Issue.record("writing to /dev/full succeeded")
        } catch {
            #expect(!error.exists)
            #expect(error.description == "cannot write /dev/full: No space left on device", "\(error)")
        }
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aFolderThatCannotBeWrittenLeavesNothing() throws {
        let error = try #require(throws: PrivateFile.WriteError.self) { try PrivateFile.write("x", to: "/nonexistent-folder/a.txt") }
        #expect(error.description.hasPrefix("cannot write /nonexistent-folder/a.txt: "), "\(error)")
    }
}
