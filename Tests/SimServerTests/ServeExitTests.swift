import Foundation
import GRDB
import SimServer
import SimTestSupport
import Testing

/// Issue 24: `enrollsim serve` says why it cannot start (the system's reason, no usage hint) with a
/// status for the kind of cause, announces where it listens at any log level, and leaves one whole
/// database file when stopped.
@Suite struct ServeExitTests {
    let serve = ServeCommandTests()
    let admin = ["ENROLLSIM_ADMIN_TOKEN": ServeProcess.admin]

    func expectRuntimeFailure(_ result: (status: Int32, stderr: String), status: Int32, naming cause: String) {
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(cause), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage:"), "a runtime failure is not a usage error: \(result.stderr)")
    }

    @Test func aCorruptDatabaseIsADataError() async throws {
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        try Data(String(repeating: "not a database. ", count: 512).utf8).write(to: URL(fileURLWithPath: db))
        let result = try await serve.run(["serve", "--port", "0", "--db", db], environment: admin)
        expectRuntimeFailure(result, status: StartFailure.dataError, naming: "not an SQLite database, or it is damaged")
    }

    @Test func aFolderWhereTheDatabaseShouldBeIsNamed() async throws {
        let folder = TemporaryFolder.make().path
        let result = try await serve.run(["serve", "--port", "0", "--db", folder], environment: admin)
        expectRuntimeFailure(result, status: StartFailure.cannotCreate, naming: "Is a directory")
    }

    /// A read-only mount (a tmpfs of its own, in a mount namespace of its own: `unshare -m`, as root).
    @Test func aReadOnlyMountIsNamed() async throws {
        let folder = TemporaryFolder.make().path
        let script = #"mount -t tmpfs -o size=1m,ro tmpfs "$0" && exec "$@""#
        let result = try await serve.run(["serve", "--port", "0", "--db", folder + "/world.db"], environment: admin,
                                         launcher: ["/usr/bin/unshare", "-m", "/bin/sh", "-c", script, folder])
        expectRuntimeFailure(result, status: StartFailure.cannotCreate, naming: "Read-only file system")
    }

    /// A folder the server's user cannot write (run as `nobody`): SQLite could not make its -wal file.
    @Test func aFolderTheServerCannotWriteIsNamed() async throws {
        let folder = TemporaryFolder.make()
        let db = folder.appendingPathComponent("world.db").path
        try await withServer(databasePath: db) { _ in }
        chown(folder.path, 65534, 65534)
        chown(db, 65534, 65534)
        chmod(folder.path, 0o555)
        let result = try await serve.run(["serve", "--port", "0", "--db", db], environment: admin,
                                         launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        expectRuntimeFailure(result, status: StartFailure.cannotCreate, naming: "cannot write in the folder \(folder.path): Permission denied")
    }

    @Test func aPortInUseIsNamed() async throws {
        let listener = try SilentListener()
        let db = TemporaryFolder.make().appendingPathComponent("world.db").path
        let result = try await serve.run(["serve", "--port", "\(listener.port)", "--db", db], environment: admin)
        expectRuntimeFailure(result, status: StartFailure.unavailable, naming: "cannot listen on 127.0.0.1:\(listener.port)")
    }

    /// With `--log-level warning` and `--port 0`: the address on standard error and in the file.
    @Test func theAddressIsAnnouncedAtAnyLogLevelAndWrittenToTheAddressFile() async throws {
        let folder = TemporaryFolder.make()
        let file = folder.appendingPathComponent("address").path
        let server = try await ServeProcess.start(database: folder.appendingPathComponent("world.db").path,
                                                  extra: ["--log-level", "warning", "--address-file", file])
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(await server.stop(SIGTERM) == 0)
        #expect(written == "http://127.0.0.1:\(server.port)\n")
    }

    /// After SIGTERM the WAL is checkpointed: a copy of the database file alone holds the world.
    @Test func aStoppedServerLeavesOneWholeFile() async throws {
        let folder = TemporaryFolder.make()
        let db = folder.appendingPathComponent("world.db").path
        let server = try await ServeProcess.start(database: db, scenario: "enrolled")
        let added = try await server.http.post("/v1/sim", ["sim": "fault", "name": "pims.copied.fault", "code": 2204], bearer: ServeProcess.admin)
        #expect(added.status == 200)
        #expect(await server.stop(SIGTERM) == 0)
        let wal = (try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "checkpointed")
        let copy = TemporaryFolder.make().appendingPathComponent("copy.db").path
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        let core = try ServerCore(databasePath: copy, seed: .named("fresh"))
        #expect(core.origin == .resumed(scenario: "enrolled"))
        #expect(core.world.faults.map(\.name) == ["pims.copied.fault"])
        core.close()
    }
}
