import Enrollment
import Foundation
import TerminalUI

/// The terminal loop's thread as the executor of everything the terminal app does: the store's
/// actor runs on it, and its tasks (calls, the events' subscription, timers) prefer it, so a key,
/// its reduction, the in-process backend's answer and the frame never leave that thread (no futex,
/// no pipe between them), and Swift's global thread pool is never started (libdispatch's pool
/// monitor would otherwise wake the process every second, idle or not).
///
/// Work queued from another thread (a remote backend's answer) wakes the loop; work the loop
/// queues itself runs before it waits again. Timers (`LoopClock`) are deadlines the loop's wait
/// ends at. Once the loop has ended, work runs on a serial queue (the store may still answer while
/// the program winds down).
// Unchecked: every mutable field is read and written under `condition` (an NSCondition, the loop's wait).
final class LoopExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var loopThread: pthread_t?
    private var afterLoop: DispatchQueue?
    /// Ends the terminal driver's wait (set while the loop runs).
    private var wakeup: TerminalWakeup?
    private var timers: [Int: Timer] = [:]
    private var cancelledTimers: Set<Int> = []
    private var nextTimerID = 0

    private struct Timer {
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if let afterLoop {
            condition.unlock()
            afterLoop.async { self.run(job) }
            return
        }
        let wasEmpty = jobs.isEmpty
        jobs.append(job)
        let fromLoop = isLoopThread, wakeup = wakeup
        condition.signal()
        condition.unlock()
        if wasEmpty, !fromLoop { wakeup?.wake() }
    }

    /// The calling thread is the loop's from now on; `wakeup` ends its waits for input.
    func start(wakeup: TerminalWakeup? = nil) {
        condition.lock()
        loopThread = pthread_self()
        afterLoop = nil
        if let wakeup { self.wakeup = wakeup }
        condition.unlock()
    }

    /// Runs what is queued, and what that queues, on the loop's thread.
    func runPending() {
        while true {
            condition.lock()
            let batch = jobs
            jobs = []
            condition.unlock()
            if batch.isEmpty { return }
            for job in batch { run(job) }
        }
    }

    /// Runs work on this thread, waiting for it when there is none, until `done` says so (the
    /// terminal app's start-up before the loop takes over, and its end).
    func run(until done: () -> Bool) {
        while true {
            runPending()
            fireDueTimers()
            if done() { return }
            condition.lock()
            if jobs.isEmpty {
                if let left = untilNextTimer() {
                    condition.wait(until: Date(timeIntervalSinceNow: Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18))
                } else {
                    condition.wait()
                }
            }
            condition.unlock()
        }
    }

    /// Whether work is queued (the loop must not wait for input before running it).
    var hasPendingWork: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !jobs.isEmpty
    }

    /// The loop has ended: what is queued and what comes later runs on a serial queue.
    func finish() {
        let queue = DispatchQueue(label: "enrollsim.loop.after")
        condition.lock()
        let left = jobs
        jobs = []
        loopThread = nil
        wakeup = nil
        afterLoop = queue
        condition.unlock()
        for job in left { queue.async { self.run(job) } }
    }

    func checkIsolated() {
        condition.lock()
        let queue = afterLoop, onLoop = isLoopThread
        condition.unlock()
        if let queue {
            dispatchPrecondition(condition: .onQueue(queue))
        } else {
            precondition(onLoop, "the terminal app's work runs on its loop's thread")
        }
    }

    // MARK: Timers

    /// Suspends the calling task until `deadline` on the loop's clock; throws when cancelled.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = newTimerID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                condition.lock()
                if cancelledTimers.remove(id) != nil {
                    condition.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                timers[id] = Timer(deadline: deadline, continuation: continuation)
                let fromLoop = isLoopThread, wakeup = wakeup
                condition.signal()
                condition.unlock()
                // A wait already under way must learn of the earlier deadline.
                if !fromLoop { wakeup?.wake() }
            }
        } onCancel: {
            condition.lock()
            let timer = timers.removeValue(forKey: id)
            if timer == nil { cancelledTimers.insert(id) }
            condition.unlock()
            timer?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How long until the earliest timer is due (`nil`: none is set).
    func timeUntilNextTimer() -> Duration? {
        condition.lock()
        defer { condition.unlock() }
        return untilNextTimer()
    }

    /// Called with the lock held.
    private func untilNextTimer() -> Duration? {
        guard let earliest = timers.values.map(\.deadline).min() else { return nil }
        return max(.zero, ContinuousClock.now.duration(to: earliest))
    }

    /// Resumes the timers that are due (their tasks then run as queued work).
    func fireDueTimers() {
        let now = ContinuousClock.now
        condition.lock()
        let due = timers.filter { $0.value.deadline <= now }
        for id in due.keys { timers.removeValue(forKey: id) }
        condition.unlock()
        for timer in due.values.sorted(by: { $0.deadline < $1.deadline }) { timer.continuation.resume() }
    }

    private func newTimerID() -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextTimerID += 1
        return nextTimerID
    }

    // MARK: -

    private func run(_ job: UnownedJob) {
        job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
    }

    /// Called with the lock held.
    private var isLoopThread: Bool {
        loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }
}

/// The store's clock on the loop: a timer is a deadline the loop's wait ends at, not a sleeping
/// task on another thread.
struct LoopClock: RuntimeClock {
    let executor: LoopExecutor
    private let origin = ContinuousClock.now

    init(executor: LoopExecutor) {
        self.executor = executor
    }

    func nowMs() -> Int {
        let d = ContinuousClock.now - origin
        return Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
    }

    func sleep(ms: Int) async throws {
        try await executor.sleep(until: .now + .milliseconds(ms))
    }
}
