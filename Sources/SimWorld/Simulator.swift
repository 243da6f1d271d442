import PIMS
import SimKernel

/// The simulator core: the world and its systems' rules as a value. `handle` is a pure step —
/// (world, session, request) → (world', response, events) — that the in-process backend keeps in
/// memory and the server loads from and stores to SQLite.
public struct Simulator: Sendable {
    public var world: World
    /// The world as loaded, for `reset`.
    public private(set) var loaded: World

    public init(world: World) {
        self.world = world
        self.loaded = world
    }

    public init(scenario: String) throws(ScenarioError) {
        self.init(world: try ScenarioLoader.load(.parse(scenario)))
    }

    /// Replaces the world (a `load` control): what `reset` returns to from now on.
    public mutating func replace(with world: World) {
        self.world = world
        self.loaded = world
    }

    public mutating func resetToLoaded() { world = loaded }

    /// The outcome of one call: the envelope, the latency a fault asked for, the rule that answered
    /// and the events the call produced (not yet numbered).
    public struct Outcome: Sendable {
        public var response: CallResponse
        public var latencyMs: Int
        public var rule: String?
        public var events: [PendingEvent] = []

        /// The response, moved out (a placeholder left in its place): a copy would retain and release
        /// every value of the answer, on every call.
        public mutating func takeResponse() -> CallResponse {
            var taken = CallResponse.success("")
            swap(&taken, &response)
            return taken
        }
    }

    /// One call on the named session: a transaction id, then injected faults (PIMS §7), then the
    /// owning system's input checks and rule.
    /// - Parameter recordingEvents: false when nobody listens (events are then not built at all).
    public mutating func handle(_ request: CallRequest, session sessionName: String, recordingEvents: Bool = true) -> Outcome {
        world.counters.transactions += 1
        let tx = World.transactionID(world.counters.transactions)
        let system = World.system(forCall: request.name)
        var events: [PendingEvent] = []
        let fault = world.drawFault(for: request, events: &events)
        if let code = fault?.code {
            var kernel = world.context(for: sessionName, recordingEvents: recordingEvents)
            if var answer = system.injectedAnswer(code, request, &world, &kernel) {
                let trace = AnswerTrace(system: system.id, rule: answer.rule, branch: kernel.branch ?? "fault \(code)", at: world.clock)
                return Outcome(response: CallResponse(transactionId: tx, outcome: answer.takeOutcome(), trace: trace),
                               latencyMs: fault?.latencyMs ?? 0, rule: answer.rule, events: events + kernel.events)
            }
            let failure = system.kernelFailure(.injected(code))
            var response = CallResponse.failure(tx, failure)
            response.trace = injectedTrace(code, failure, request, system, session: sessionName)
            return Outcome(response: response, latencyMs: fault?.latencyMs ?? 0, rule: nil, events: events)
        }
        var kernel = world.context(for: sessionName, recordingEvents: recordingEvents)
        kernel.latencyMs = fault?.latencyMs ?? 0
        kernel.transactionId = tx
        // Lent, not copied: a rule may draw a fault that acts later (R45).
        swap(&kernel.faults, &world.faults)
        var answer = system.handle(request, &world, &kernel)
        swap(&kernel.faults, &world.faults)
        if kernel.faultsChanged { events.append(world.faultsChangedEvent) }
        world.counters.codes = kernel.codes.state
        let trace = AnswerTrace(system: system.id, rule: kernel.rule ?? answer.rule,
                                branch: AnswerTrace.branch(of: answer.outcome, marked: kernel.branch), at: world.clock)
        // The result is moved out of the answer; the response itself is still copied once into the
        // outcome (the compiler keeps that copy however it is written: issue 8's note).
        return Outcome(response: CallResponse(transactionId: tx, outcome: answer.takeOutcome(), failureResult: answer.failureResult, trace: trace),
                       latencyMs: fault?.latencyMs ?? 0, rule: answer.rule,
                       events: events.isEmpty ? kernel.events : events + kernel.events)
    }
}

extension Simulator {
    /// An injected fault's trace: the rule the call would have gone through in this state (played on
    /// a copy of the world, which is then dropped), when that rule's branches list the fault's code;
    /// else the fault alone. QA reach an error branch's screens by a fault where no state of the
    /// world leads there; coverage shows such a branch as reached by a fault, apart from the others.
    func injectedTrace(_ code: ErrorCodeValue, _ failure: CallError, _ request: CallRequest, _ system: RegisteredSystem, session: String) -> AnswerTrace {
        let branch = AnswerTrace.branch(of: .failure(failure), marked: nil)
        var scratch = world
        var kernel = scratch.context(for: session, recordingEvents: false)
        swap(&kernel.faults, &scratch.faults)
        let answer = system.handle(request, &scratch, &kernel)
        if let rule = kernel.rule ?? answer.rule,
           system.ruleCatalogue.rules.contains(where: { $0.id == rule && $0.branches.contains(branch) }) {
            return AnswerTrace(system: system.id, rule: rule, branch: branch, at: world.clock, injected: true)
        }
        return AnswerTrace(system: system.id, rule: nil, branch: "fault \(code)", at: world.clock)
    }
}

extension World {
    static func transactionID(_ n: Int) -> String {
        // Written backwards into a buffer on the stack, no string concatenation: this runs on every
        // call, and "tx-" plus six digits is a small string (no allocation at all).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var i = buffer.count
            var rest = n.magnitude
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            while buffer.count - i < 6 {
                i -= 1
                buffer[i] = UInt8(ascii: "0")
            }
            for byte in "tx-".utf8.reversed() {
                i -= 1
                buffer[i] = byte
            }
            return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[i...]), as: UTF8.self)
        }
    }

    /// What a system's rule sees of the kernel for a call on `session`.
    func context(for session: String, recordingEvents: Bool = true) -> KernelContext {
        KernelContext(now: clock, session: session, settings: sessionIndex(session).map { sessions[$0].settings },
                      codes: SeededGenerator(state: counters.codes), recordsEvents: recordingEvents)
    }

    /// The first fault rule that fires for this request, used up as it fires (the sessions are told
    /// when the list changes).
    mutating func drawFault(for request: CallRequest, events: inout [PendingEvent]) -> FaultRule? {
        for i in faults.indices where faults[i].matches(request) {
            let rule = faults[i]
            if let p = rule.probability {
                var g = SeededGenerator(state: counters.faults)
                let draw = g.unit()
                counters.faults = g.state
                if draw < p { return rule }
            } else {
                let left = (rule.times ?? 1) - 1
                if left <= 0 {
                    faults.remove(at: i)
                    events.append(faultsChangedEvent)
                } else {
                    faults[i].times = left
                }
                return rule
            }
        }
        return nil
    }

    var faultsChangedEvent: PendingEvent {
        PendingEvent(.faultsChanged, ["count": .int(faults.count), "rules": .array(faults.map(\.json))])
    }

    /// Creates the session `name`, or starts it afresh: the kernel's entry, and each system's state.
    public mutating func openSession(_ name: String, settings: SessionSettings) {
        let session = Session(name: name, settings: World.completed(settings))
        if let i = sessionIndex(name) { sessions[i] = session } else { sessions.append(session) }
        for system in World.systems { system.openSession(name, session.settings, &self) }
    }

    /// Ends sessions: each system forgets their state (as it does for a session started afresh), the
    /// kernel its entries. How the team server drops device sessions left idle.
    public mutating func closeSessions(_ names: Set<String>) {
        for session in sessions where names.contains(session.name) {
            for system in World.systems { system.openSession(session.name, session.settings, &self) }
        }
        sessions.removeAll { names.contains($0.name) }
    }
}
