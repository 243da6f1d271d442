import Dispatch

/// A serial dispatch queue as the store's executor, when no other is given (tests, tools): one
/// job at a time, in order, as a default actor runs.
final class QueueExecutor: SerialExecutor, Sendable {
    private let queue = DispatchQueue(label: "enrollsim.store")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
