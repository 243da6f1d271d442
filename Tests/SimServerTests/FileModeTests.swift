import Foundation
import Testing

/// The world holds accounts and token digests: its folder, database, WAL and shared memory are the
/// owner's alone, whatever the umask.
@Suite struct FileModeTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    @Test func theDatabaseItsWALAndItsFolderAreTheOwnersOnly() async throws {
        let folder = TemporaryFolder.make().appendingPathComponent("data/enrollsim")
        let path = folder.appendingPathComponent("world.db").path
        let loose = umask(0o022)  // the usual default: files 0644, folders 0755
        defer { umask(loose) }
        let modes = try await withServer(databasePath: path) { server in
            _ = try #require(try await server.http.openSession(device: "d1"))  // a write: the WAL exists
            return try [folder.path, path, path + "-wal", path + "-shm"].map { ($0, try Self.mode($0)) }
        }
        #expect(modes[0].1 == 0o700)
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"), "the lock is on the database file itself")
        for (file, mode) in modes.dropFirst() {
            #expect(mode == 0o600, "\(file)")
        }
    }
}
