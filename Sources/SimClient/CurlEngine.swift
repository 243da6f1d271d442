import CCurl
import Foundation
import Synchronization

/// Every request of the process runs on one thread, made on the first request, that drives one curl
/// multi handle: curl does the sockets, TLS, proxies and the connection cache (keep-alive across
/// requests and transports); the thread only waits in `curl_multi_poll`, woken by
/// `curl_multi_wakeup` when a request or a cancellation arrives. One thread rather than one per
/// request or per transport: a terminal app and a batch need a handful of connections, and the
/// in-process terminal app, which makes no request, starts nothing at all.
///
/// The engine also keeps what curl would count differently: each transport's limit of connections
/// to one server (curl's `CURLMOPT_MAX_HOST_CONNECTIONS` is per multi handle, and event streams,
/// which never end, would use it up), and each request's timeout (to the millisecond, and covering
/// the time a request waits for a connection).
// Unchecked: `multi` is the engine thread's alone; other threads use `inbox` (a Mutex) and curl's thread-safe wakeup.
final class CurlEngine: @unchecked Sendable {
    /// The engine, or why libcurl could not be loaded (the first request says it).
    static let shared: Result<CurlEngine, HTTPTransport.Unavailable> = {
        if let error = ccurl_load() { return .failure(HTTPTransport.Unavailable(description: String(cString: error))) }
        guard let multi = ccurl_multi_init() else { return .failure(HTTPTransport.Unavailable(description: "libcurl could not make a multi handle")) }
        let engine = CurlEngine(multi: multi)
        let thread = Thread { engine.run() }
        thread.name = "enrollsim-http"
        thread.start()
        return .success(engine)
    }()

    enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex<[Command]>([])

    /// The connections the live transports may keep to one server, added up (`HTTPTransport`'s
    /// `connections`): the idle connections curl keeps for reuse, all servers together, are at least
    /// that many. curl closes the least recently used idle connection when its cache is full, so a
    /// smaller cache would close a transport's kept-alive connections when others make many
    /// (curl's default, 4 per running request, closes them as soon as requests stop overlapping).
    static let kept = Atomic<Int>(0)
    /// Room for the connections of transports that are gone (curl closes them when they age).
    private static let spare = 64
    private var cacheSize = 0

    // The engine thread's own state.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Requests waiting for one of their transport's connections to a server, first come first served.
    private var waiting: [String: [CurlTransfer]] = [:]
    private var busy: [String: Int] = [:]

    private init(multi: UnsafeMutableRawPointer) { self.multi = multi }

    /// Hands a command to the engine thread and wakes it.
    func submit(_ command: Command) {
        inbox.withLock { $0.append(command) }
        ccurl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            let wanted = Self.spare + Self.kept.load(ordering: .relaxed)
            if wanted != cacheSize {
                ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, wanted)
                cacheSize = wanted
            }
            for command in inbox.withLock({ commands in defer { commands = [] }; return commands }) {
                switch command {
                case .start(let transfer): admit(transfer)
                case .cancel(let transfer): end(transfer, .failure(CancellationError()))
                }
            }
            var active: Int32 = 0
            ccurl_multi_perform(multi, &active)
            var easy: UnsafeMutableRawPointer?
            var result = CURLE_OK
            while ccurl_multi_next_done(multi, &easy, &result) != 0 {
                guard let easy, let transfer = running[easy] else { continue }
                end(transfer, transfer.outcome(result))
            }
            let now = ContinuousClock.now
            var next: ContinuousClock.Instant?
            for transfer in Array(running.values) + waiting.values.joined() {
                guard let deadline = transfer.deadline else { continue }
                if deadline <= now {
                    end(transfer, .failure(HTTPTransport.TimedOut(timeout: transfer.timeout)))
                } else {
                    next = min(next ?? deadline, deadline)
                }
            }
            // curl shortens the wait itself when one of its own timers is due sooner.
            let wait = next.map { now.duration(to: $0) } ?? .seconds(3600)
            ccurl_multi_poll(multi, Int32(min(max((wait / .milliseconds(1)).rounded(.up), 0), 3_600_000)))
        }
    }

    /// Starts a request, or queues it behind its transport's busy connections to the same server.
    private func admit(_ transfer: CurlTransfer) {
        if transfer.cancelled.load(ordering: .acquiring) { return transfer.answer(.failure(CancellationError())) }
        if let pool = transfer.pool {
            guard busy[pool, default: 0] < transfer.connections else { return waiting[pool, default: []].append(transfer) }
            busy[pool, default: 0] += 1
        }
        do {
            let easy = try transfer.open()
            running[easy] = transfer
            ccurl_multi_add_handle(multi, easy)
        } catch {
            release(transfer)
            transfer.answer(.failure(error))
        }
    }

    /// Gives the request's outcome and lets it go, whether it is running (its connection is closed
    /// unless it finished) or waiting. Otherwise it is over, or not started yet (a cancellation that
    /// came first: `admit` sees its flag): nothing to do.
    private func end(_ transfer: CurlTransfer, _ outcome: Result<HTTPTransport.Answer, any Error>) {
        if let easy = transfer.easy, running.removeValue(forKey: easy) != nil {
            ccurl_multi_remove_handle(multi, easy)
            transfer.answer(outcome)
            transfer.close()
            release(transfer)
        } else if let pool = transfer.pool, let index = waiting[pool]?.firstIndex(where: { $0 === transfer }) {
            waiting[pool]?.remove(at: index)
            transfer.answer(outcome)
        }
    }

    /// The request's connection is free again: the next one waiting for it starts (or the one after,
    /// when that one was cancelled meanwhile).
    private func release(_ transfer: CurlTransfer) {
        guard let pool = transfer.pool else { return }
        busy[pool, default: 1] -= 1
        if busy[pool] == 0 { busy[pool] = nil }
        while busy[pool, default: 0] < transfer.connections, var queue = waiting[pool], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[pool] = queue.isEmpty ? nil : queue
            admit(next)
        }
    }
}
