import ArgumentParser
import EnrollsimConfig
import Foundation
import FuturaeServer
import Logging
import PIMS
import SimKernel
import SimServer
import Synchronization

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Runs the team server: the simulated backends of every system (PIMS, Futurae, Card) over HTTP, its world kept in SQLite.",
        discussion: """
            Routes: POST /v1/sessions, POST /v1/call (a call of any system; alias /v1/pims), POST /v1/sim \
            (admin), GET /v1/events, GET /v1/admin/sessions and POST /v1/admin/sessions/end (admin), GET /healthz \
            (docs/openapi.yaml). Bodies are JSON \
            (Content-Type: application/json).

            The admin token comes from --admin-token or ENROLLSIM_ADMIN_TOKEN (preferred: flags show in \
            `ps`); it is required to listen on anything but loopback. On loopback without one, a random \
            token is generated and printed on standard output. Logs go to standard error; the address \
            listened on is always written there (and to --address-file). SIGTERM or SIGINT stop the \
            server gracefully.

            Exit statuses: 64 a bad flag; 65 the database's content (damaged, or a newer version's); 69 \
            the address cannot be listened on; 72 OpenSSL's libcrypto is missing (libssl3); 73 the \
            database or its folder cannot be created or written; 74 an input/output error; 75 another \
            server owns the database file.
            """
    )

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port).")
    var port: Int = 8080

    @Option(name: .long, help: "The SQLite database (default: $XDG_DATA_HOME/enrollsim/enrollsim.db).")
    var db: String?

    @Option(name: .long, help: "The scenario that seeds an empty database (a built-in name, a YAML file or a bug-report bundle; default: team). Ignored when the database holds a world.")
    var scenario: String?

    @Option(name: .long, help: "The admin token for /v1/sim (at least 16 characters).")
    var adminToken: String?

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Option(name: .long, help: "A device session unused this long closes (e.g. 24h, 90m, 30s).")
    var sessionIdle: String = "24h"

    @Option(name: .long, help: "At most this many device sessions at once; beyond, 429.")
    var sessionCap: Int = 10_000

    @Option(name: .long, help: "New device sessions per client address and minute once half of --session-cap are open; beyond, 429 with Retry-After.")
    var sessionRate: Int = 600

    @Option(name: .long, help: "Require this token (Authorization: Bearer) to open a device session; also ENROLLSIM_SESSION_TOKEN.")
    var sessionToken: String?

    @Option(name: .long, help: "An idle keep-alive connection closes after this long.")
    var idleTimeout: String = "60s"

    @Option(name: .long, help: "A request's head and body must arrive within this long of its first byte, else 408.")
    var requestTimeout: String = "10s"

    @Option(name: .long, help: "Connection slots; once they run short, idle, silent and slow ones are taken back and the busiest address's new connections answered 429 with Retry-After.")
    var maxConnections: Int = 512

    @Option(name: .long, help: "Off by default (0): floods are met by the connection slots. N: at most N new connections a second per client address (4N at once); beyond, 429 with Retry-After.")
    var connectionRate: Int = 0

    @Option(name: .long, help: "At most this many event streams per bearer token; beyond, 429 with Retry-After.")
    var streamsPerToken: Int = 8

    @Option(name: .long, help: "At most this many event streams per client address; beyond, 429 with Retry-After.")
    var streamsPerAddress: Int = 32

    @Option(name: .long, help: ArgumentHelp("A reverse proxy's address whose X-Forwarded-For names the client (repeatable); otherwise the socket's address counts.", valueName: "address"))
    var trustedProxy: [String] = []

    @Option(name: .long, help: "Once listening, write the address (http://HOST:PORT) to this file (with --port 0: the port taken).")
    var addressFile: String?

    @Option(name: .long, help: "The Futurae Auth API's service id (default: the scenario's futurae.service.serviceId).")
    var authServiceId: String?

    @Option(name: .long, help: "The Futurae Auth API's key requests are signed with (default: the scenario's futurae.service.authApiKey); also ENROLLSIM_AUTH_API_KEY.")
    var authApiKey: String?

    @Option(name: .long, help: "Seconds an Auth API request's FT-Date may be from the wall clock (0: no check).")
    var authDateSkew: Int = 300

    @Flag(name: .long, help: "Print the Auth API key at start even when not listening on loopback.")
    var showAuthApiKey = false

    @Option(name: .long, help: "Serve HTTPS with this PEM certificate (chain) file; needs --tls-key.")
    var tlsCert: String?

    @Option(name: .long, help: "The PEM private key of --tls-cert.")
    var tlsKey: String?

    @Flag(name: .long, help: "Serve HTTPS with a self-signed certificate for localhost, 127.0.0.1 and ::1, written beside the database (made once, then reused).")
    var tlsSelfSigned = false

    func validate() throws {
        try validateTLSIsBuiltIn()
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical, not \"\(logLevel)\"")
        }
        if let token = givenToken, token.count < 16 { throw ValidationError("the admin token must have at least 16 characters") }
        if givenToken == nil && !Self.isLoopback(host) {
            throw ValidationError("listening on \(host) (not loopback) needs an admin token: --admin-token or ENROLLSIM_ADMIN_TOKEN")
        }
        if let db, db.isEmpty { throw ValidationError("--db must be a file path") }
        if let addressFile, addressFile.isEmpty { throw ValidationError("--address-file must be a file path") }
        _ = try durations()
        // Upper bounds far above any use, so that no sum or product of a limit can overflow.
        for (flag, value) in [("--session-cap", sessionCap), ("--session-rate", sessionRate), ("--max-connections", maxConnections),
                              ("--streams-per-token", streamsPerToken), ("--streams-per-address", streamsPerAddress)]
        where !(1...Self.largestLimit).contains(value) {
            throw ValidationError("\(flag) must be between 1 and \(Self.largestLimit), not \(value)")
        }
        guard (0...Self.largestLimit).contains(connectionRate) else {
            throw ValidationError("--connection-rate must be between 0 (no limit) and \(Self.largestLimit), not \(connectionRate)")
        }
        for proxy in trustedProxy where IPAddressText.normalised(proxy) == nil {
            throw ValidationError("--trusted-proxy must be an IP address (as the proxy connects from), not \"\(proxy.escapingControlCharacters)\"")
        }
        if let token = givenSessionToken, token.count < 16 { throw ValidationError("the session token must have at least 16 characters") }
        try validateAuthAPIAndTLS()
    }

    var givenToken: String? {
        adminToken ?? ProcessInfo.processInfo.environment["ENROLLSIM_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var givenSessionToken: String? {
        sessionToken ?? ProcessInfo.processInfo.environment["ENROLLSIM_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func isLoopback(_ host: String) -> Bool { TeamServer.isLoopback(host) }

    /// The largest value of a count or rate flag.
    static let largestLimit = 10_000_000

    /// The three duration flags, each within its range.
    func durations() throws(ValidationError) -> (sessionIdle: Duration, idle: Duration, request: Duration) {
        (try DurationFlag.sessionIdle.parse(sessionIdle), try DurationFlag.idleTimeout.parse(idleTimeout),
         try DurationFlag.requestTimeout.parse(requestTimeout))
    }

    static var defaultDatabasePath: String {
        DataHome.path(environment: ProcessInfo.processInfo.environment) + "/enrollsim/enrollsim.db"
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "enrollsim.serve")
        // Tokens, signatures and certificates need it: missing, nothing starts.
        if let reason = LibCrypto.unavailable { Self.fail(reason, status: LibCrypto.missingStatus) }

        let path = db ?? Self.defaultDatabasePath
        let limits = try durations()
        let seed = try ScenarioArgument.source(scenario ?? "team")
        let core: ServerCore
        do {
            let sessions = SessionPolicy(idle: limits.sessionIdle, cap: sessionCap,
                                         perMinute: sessionRate, token: givenSessionToken)
            core = try ServerCore(databasePath: path, seed: seed, logger: logger, sessions: sessions)
        } catch .scenario(let error) {
            throw ValidationError(ServerCore.OpenError.scenario(error).description)  // the --scenario flag's value
        } catch {
            // A runtime cause, not a usage error: no usage hint, a status that says which kind.
            Self.fail(error.description, status: error.exitStatus)
        }
        switch core.origin {
        case .seeded(let name):
            logger.notice("database \(path.escapingControlCharacters) seeded with scenario \(name.escapingControlCharacters)")
        case .resumed(let name):
            logger.notice("database \(path.escapingControlCharacters) resumed (loaded scenario: \(name.escapingControlCharacters))")
            if let scenario { logger.warning("--scenario \(scenario.escapingControlCharacters) ignored: the database already holds a world (use a load control to replace it)") }
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
        let connections = ConnectionLimits(idle: limits.idle, request: limits.request, maxOpen: maxConnections, ratePerAddress: connectionRate)
        var options = TeamServer.Options(host: host, port: port, adminToken: token, connections: connections)
        let authAPI = AuthAPIOptions(serviceId: authServiceId, apiKey: givenAuthApiKey, dateSkew: authDateSkew)
        options.systemRoutes = [FuturaeAuthAPI(options: authAPI)]
        options.tls = tlsFiles(databasePath: path)
        announceAuthAPI(core: core, options: authAPI)
        options.streamQuota = StreamQuotaLimits(perToken: streamsPerToken, perAddress: streamsPerAddress)
        options.trustedProxies = trustedProxy.compactMap(IPAddressText.normalised)
        let listening = ListeningAddress(file: addressFile)
        let scheme = options.tls == nil ? "http" : "https"
        do {
            try await TeamServer.run(core: core, options: options, logger: logger) { port in
                listening.announce("\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)")
            }
        } catch {
            guard listening.announced else { Self.fail("cannot listen on \(host):\(port): \(error)", status: StartFailure.unavailable) }
            throw error
        }
        logger.notice("stopped")
    }

    /// One line on standard error, then the exit status.
    static func fail(_ message: String, status: Int32) -> Never {
        CommandOutput.error("enrollsim serve: \(message)")
        Foundation.exit(status)
    }
}

/// Says where the server listens whatever the log level: one line on standard error, and the
/// address in `--address-file` when given (written whole: a reader never sees half of it).
final class ListeningAddress: Sendable {
    private let file: String?
    private let done = Mutex(false)

    init(file: String?) { self.file = file }

    var announced: Bool { done.withLock { $0 } }

    func announce(_ url: String) {
        CommandOutput.error("enrollsim serve: listening on \(url)")
        if let file {
            let temporary = file + ".tmp-\(getpid())"
            do {
                try Data((url + "\n").utf8).write(to: URL(fileURLWithPath: temporary))
                guard rename(temporary, file) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            } catch {
                unlink(temporary)
                CommandOutput.error("enrollsim serve: cannot write --address-file \(file): \(error)")
            }
        }
        done.withLock { $0 = true }
    }
}
