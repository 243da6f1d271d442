import ArgumentParser
import Foundation
import Logging
import PIMS
import SimServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Runs the team server: the simulated PIMS backend over HTTP, its world kept in SQLite.",
        discussion: """
            Routes: POST /v1/sessions, POST /v1/pims, POST /v1/sim (admin), GET /healthz (docs/openapi.yaml).
            The admin token comes from --admin-token or ENROLLSIM_ADMIN_TOKEN (preferred: flags show in `ps`);
            it is required to listen on anything but loopback. On loopback without one, a random token is
            generated and printed on standard output. Logs go to standard error. SIGTERM or SIGINT stop the
            server gracefully.
            """
    )

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port).")
    var port: Int = 8080

    @Option(name: .long, help: "The SQLite database (default: $XDG_DATA_HOME/enrollsim/enrollsim.db).")
    var db: String?

    @Option(name: .long, help: "The scenario that seeds an empty database (a built-in name or a YAML file; default: team). Ignored when the database holds a world.")
    var scenario: String?

    @Option(name: .long, help: "The admin token for /v1/sim (at least 16 characters).")
    var adminToken: String?

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical, not \"\(logLevel)\"")
        }
        if let token = givenToken, token.count < 16 { throw ValidationError("the admin token must have at least 16 characters") }
        if givenToken == nil && !Self.isLoopback(host) {
            throw ValidationError("listening on \(host) (not loopback) needs an admin token: --admin-token or ENROLLSIM_ADMIN_TOKEN")
        }
        if let db, db.isEmpty { throw ValidationError("--db must be a file path") }
    }

    var givenToken: String? {
        adminToken ?? ProcessInfo.processInfo.environment["ENROLLSIM_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func isLoopback(_ host: String) -> Bool {
        // 127.0.0.0/8 written as a dotted IPv4 address, or the loopback names.
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        return host == "localhost" || host == "::1" || isLoopbackIPv4
    }

    static var defaultDatabasePath: String {
        let env = ProcessInfo.processInfo.environment
        let dataHome = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share")
        return dataHome + "/enrollsim/enrollsim.db"
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "enrollsim.serve")

        let path = db ?? Self.defaultDatabasePath
        let core: ServerCore
        do {
            core = try ServerCore(databasePath: path, seed: .parse(scenario ?? "team"), logger: logger)
        } catch {
            throw ValidationError(error.description)
        }
        switch core.origin {
        case .seeded(let name):
            logger.notice("database \(path) seeded with scenario \(name)")
        case .resumed(let name):
            logger.notice("database \(path) resumed (loaded scenario: \(name))")
            if let scenario { logger.warning("--scenario \(scenario) ignored: the database already holds a world (use a load control to replace it)") }
        }
        let token: String
        if let given = givenToken {
            token = given
        } else {
            token = TeamServer.generateAdminToken()
            // The one line on standard output: scripts read the token from it.
            FileHandle.standardOutput.write(Data("enrollsim serve: generated admin token: \(token)\n".utf8))
        }

        let host = host
        let app = TeamServer.application(core: core, options: .init(host: host, port: port, adminToken: token), logger: logger) { port in
            logger.notice("listening on http://\(host):\(port)")
        }
        try await app.runService()
        logger.notice("stopped")
    }
}
