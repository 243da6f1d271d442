import Foundation
import PIMS
import SimWorld
import Synchronization
import Testing

/// `kill -9` of a real `enrollsim serve` under write load, then a restart: every write the server
/// acknowledged is there.
@Suite struct KillTests {
    /// What the workers were told succeeded.
    final class Acknowledged: Sendable {
        private let state = Mutex<(tokens: [String], seconds: Int, attempts: Int)>(([], 0, 0))
        private let threshold: Int
        private let reached: AsyncStream<Void>.Continuation
        /// Ends once `threshold` writes are acknowledged.
        let thresholdReached: AsyncStream<Void>

        init(threshold: Int) {
            self.threshold = threshold
            (thresholdReached, reached) = AsyncStream<Void>.makeStream()
        }

        func token(_ t: String) { state.withLock { $0.tokens.append(t) }; check() }
        func advanced(_ s: Int) { state.withLock { $0.seconds += s }; check() }
        func attempted() { state.withLock { $0.attempts += 1 } }
        private func check() { if count >= threshold { reached.finish() } }
        /// The writers all stopped: nothing more will be acknowledged.
        func writersStopped() { reached.finish() }
        var tokens: [String] { state.withLock { $0.tokens } }
        var seconds: Int { state.withLock { $0.seconds } }
        var attempts: Int { state.withLock { $0.attempts } }
        var count: Int { state.withLock { $0.tokens.count + $0.seconds } }
    }

    @Test func killMinus9UnderWriteLoadLosesNoAcknowledgedWrite() async throws {
        let database = TemporaryFolder.make().appendingPathComponent("world.db").path
        // No limit on new connections a second: a writer that meets one stops (it reads any other
        // answer as the server gone), and the test's client shares its connections with other tests.
        let unlimited = ["--connection-rate", "0"]
        let first = try await ServeProcess.start(database: database, extra: unlimited)
        let http = first.http
        let acknowledged = Acknowledged(threshold: 400)
        let start = try #require(SimTime(iso8601: "2026-01-05T09:00:00Z"))

        // 16 writers: new device sessions (session and token rows) and clock advances (the globals).
        let workers = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<16 {
                    group.addTask {
                        var i = 0
                        while true {
                            i += 1
                            acknowledged.attempted()
                            do {
                                if (worker + i) % 2 == 0 {
                                    let answer = try await http.post("/v1/sessions", ["device": .string("w\(worker)-\(i)")])
                                    guard answer.status == 201, let t = answer.json?["session"]?.stringValue else { return }
                                    acknowledged.token(t)
                                } else {
                                    let answer = try await http.post("/v1/sim", ["sim": "advance", "seconds": 1], bearer: ServeProcess.admin)
                                    guard answer.status == 200, answer.json?["ok"] == true else { return }
                                    acknowledged.advanced(1)
                                }
                            } catch {
                                return  // the server is gone
                            }
                        }
                    }
                }
            }
            acknowledged.writersStopped()
        }
        // Kill it mid-load, once a good number of writes were acknowledged (or the writers stopped).
        for await _ in acknowledged.thresholdReached {}
        #expect(acknowledged.count >= 400, "the writers stopped before 400 writes were acknowledged")
        let status = await first.stop(SIGKILL)
        #expect(status == SIGKILL)
        await workers.value
        let tokens = acknowledged.tokens
        let seconds = acknowledged.seconds

        let second = try await ServeProcess.start(database: database, extra: unlimited)
        let exported = try await second.http.post("/v1/sim", ["sim": "export"], bearer: ServeProcess.admin)
        let yaml = try #require(exported.json?["scenario"]?.stringValue)
        let world = try ScenarioLoader.parse(yaml: yaml, origin: "export")
        // Every acknowledged advance is in the clock (and no more than was attempted).
        #expect(world.clock - start >= seconds)
        #expect(world.clock - start <= acknowledged.attempts)
        // Every acknowledged session token opens its session.
        for token in tokens {
            let answer = try await second.http.post("/v1/pims", ["type": "get", "name": "pims.authentication.trustedphonenumber"], bearer: token)
            #expect(answer.status == 200, "a token acknowledged before the kill is unknown after it")
            #expect(answer.json?["error"]?["code"] == 2301)
        }
        #expect(world.sessions.count >= tokens.count + 1)
        // SIGTERM is a graceful stop.
        #expect(await second.stop(SIGTERM) == 0)
        #expect(second.errors.text.contains("stopped"))
    }
}
