import Enrollment
import Foundation
import Testing
@testable import enrollsim

/// The terminal app's executor: its tasks, the actors they call and the store run on the loop's
/// thread alone; timers end the loop's wait in deadline order and can be cancelled.
@Suite struct LoopExecutorTests {
    /// Runs `body` as a task preferring a loop executor driven by a thread of its own, and returns
    /// what it returned.
    static func onLoop<T: Sendable>(_ body: @escaping @Sendable (LoopExecutor) async -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let executor = LoopExecutor()
                executor.start()
                let box = Box<T>()
                Task(executorPreference: executor) {
                    let value = await body(executor)
                    box.value = value
                }
                executor.run(until: { box.value != nil })
                executor.finish()
                continuation.resume(returning: box.value!)
            }
            thread.start()
        }
    }

    final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    actor Counter {
        var threads: Set<UInt> = []
        func count() -> Int {
            threads.insert(UInt(pthread_self()))
            return threads.count
        }
    }

    @Test func tasksActorsAndTheStoreRunOnTheLoopsThread() async {
        let seen = await Self.onLoop { executor -> Set<UInt> in
            let loop = UInt(pthread_self())
            let counter = Counter()
            var threads: Set<UInt> = [loop]
            // A default actor called from the task runs where the task prefers.
            _ = await counter.count()
            threads.formUnion(await counter.threads)
            // The store's effects' tasks too: a connect answered by the connector, reduced by the
            // store, which reports each state where it runs.
            let reports = Log()
            let store = Store(connector: { _ in
                                  reports.append("\(UInt(pthread_self()))")
                                  return .failure(Store.ConnectError("no backend here"))
                              },
                              observe: { _ in reports.append("\(UInt(pthread_self()))") },
                              executor: executor, taskExecutor: executor)
            await store.send(.submit)
            await store.settle()
            #expect(await store.state.session.connection == .failed("no backend here"))
            #expect(reports.entries.count >= 3, "the submit, the connector and the answer: \(reports.entries)")
            threads.formUnion(reports.entries.compactMap(UInt.init))
            let child = Task(executorPreference: executor) { UInt(pthread_self()) }
            threads.insert(await child.value)
            return threads
        }
        #expect(seen.count == 1, "work ran on \(seen.count) threads")
    }

    @Test func timersEndInDeadlineOrderAndACancelledOneThrows() async {
        let order = await Self.onLoop { executor -> [String] in
            let log = Log()
            let start = ContinuousClock.now
            let late = Task(executorPreference: executor) {
                try? await executor.sleep(until: start + .milliseconds(60))
                log.append("late")
            }
            let early = Task(executorPreference: executor) {
                try? await executor.sleep(until: start + .milliseconds(20))
                log.append("early")
            }
            let cancelled = Task(executorPreference: executor) {
                do {
                    try await executor.sleep(until: start + .seconds(3600))
                    log.append("slept an hour")
                } catch {
                    log.append(error is CancellationError ? "cancelled" : "\(error)")
                }
            }
            cancelled.cancel()
            await cancelled.value
            await early.value
            await late.value
            #expect(executor.timeUntilNextTimer() == nil)
            return log.entries
        }
        #expect(order == ["cancelled", "early", "late"])
    }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ entry: String) {
            lock.lock()
            list.append(entry)
            lock.unlock()
        }
        var entries: [String] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }
}
