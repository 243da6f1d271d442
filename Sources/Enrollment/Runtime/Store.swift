import SimKernel

/// The runtime: holds the state, reduces actions, runs the effects against the injected backend and
/// clock, and feeds their results back as actions. The screens send actions and render `state`.
public actor Store {
    /// Opens a backend for a choice (the executable knows the concrete backends; this module does not).
    public typealias Connector = @Sendable (BackendChoice) async -> Result<Opened, ConnectError>

    /// An opened backend, with the scenario's default session when the opener knows it.
    public struct Opened: Sendable {
        public let backend: any SimBackend
        public let defaults: ScenarioDefaults?
        public init(_ backend: any SimBackend, defaults: ScenarioDefaults? = nil) {
            self.backend = backend
            self.defaults = defaults
        }
    }

    /// Writes the session so far in one form; returns the path written, or why not.
    public typealias Exporter = @Sendable (SessionExport) async -> Result<String, ConnectError>
    /// Writes a bug-report bundle given the world as it is now (scenario YAML, nil when the backend
    /// could not export it); returns the path written, or why not.
    public typealias Reporter = @Sendable (_ world: String?) async -> Result<String, ConnectError>

    public struct ConnectError: Error, Equatable, Sendable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    public private(set) var state: AppState
    private var backend: (any SimBackend)?
    private let connector: Connector
    private let clock: any RuntimeClock
    private let observe: @Sendable (AppState) -> Void
    private let tap: @Sendable (StoreTap) -> Void
    private let write: @Sendable (String, String) async -> String?
    private let clipboard: @Sendable (String) -> Void
    private let export: Exporter
    private let report: Reporter
    /// Effects whose answers are awaited (calls, controls, connects, saves): `settle` waits for them.
    private var running: [Task<Void, Never>] = []
    /// The last call or control sent: the next waits for it (`trackInOrder`).
    private var lastBackendTask: Task<Void, Never>?
    /// Timers are not awaited by `settle`: they only fire when the clock says so.
    private var timers: [TimerID: Task<Void, Never>] = [:]
    /// The session's events: long-lived, never awaited by `settle`, never the call in flight.
    private var subscription: Task<Void, Never>?
    /// Where the store's work runs: a serial queue of its own, or the terminal loop's thread (the
    /// app reduces a key and paints its frame there, without a hop to another thread and back).
    private let executor: any SerialExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// Where the effects' tasks prefer to run (`nil`: Swift's global pool).
    private let taskExecutor: (any TaskExecutor)?

    /// - Parameters:
    ///   - backend: already open (tests, or a backend chosen on the command line); `.connect` replaces it.
    ///   - connector: opens a backend for the session screen's choice.
    ///   - writeFile: saves a scenario export; returns an error message or nil.
    ///   - observe: called with every new state (the screens redraw).
    ///   - tap: told every call, control and event that passes (a walk's recorder).
    ///   - clipboard: puts text on the terminal's clipboard (the terminal layer writes OSC 52).
    ///   - export: writes the session as an asciicast, a Markdown transcript or a batch script.
    ///   - executor: runs the store's work (`nil`: a serial queue of its own).
    ///   - taskExecutor: runs the effects' tasks (`nil`: Swift's global pool).
    public init(state: AppState = AppState(), backend: (any SimBackend)? = nil, connector: @escaping Connector,
                clock: any RuntimeClock = SystemClock(),
                writeFile: @escaping @Sendable (String, String) async -> String? = { _, _ in "saving is not available" },
                observe: @escaping @Sendable (AppState) -> Void = { _ in },
                tap: @escaping @Sendable (StoreTap) -> Void = { _ in },
                clipboard: @escaping @Sendable (String) -> Void = { _ in },
                export: @escaping Exporter = { _ in .failure(ConnectError("exporting is not available here")) },
                report: @escaping Reporter = { _ in .failure(ConnectError("bug reports are not available here")) },
                executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil) {
        self.executor = executor ?? QueueExecutor()
        self.taskExecutor = taskExecutor
        self.clipboard = clipboard
        self.report = report
        self.export = export
        self.state = state
        self.backend = backend
        self.connector = connector
        self.clock = clock
        self.write = writeFile
        self.observe = observe
        self.tap = tap
    }

    /// Reduces one action and starts its effects.
    public func send(_ action: Action) {
        let effects = reduce(&state, action)
        observe(state)
        for effect in effects { run(effect) }
    }

    /// Waits until every effect started so far, and every effect their answers started, is done.
    /// Timers are left running. Tests use this to walk a flow without sleeping.
    public func settle() async {
        while !running.isEmpty {
            let task = running.removeFirst()
            await task.value
        }
    }

    private func run(_ effect: Effect) {
        switch effect {
        case .connect(let choice):
            track { [connector] in
                let result = await connector(choice)
                await self.connected(result)
            }
        case .send(let id, let request, let session, let purpose):
            guard let backend else {
                send(.response(id, .failure("local", CallError.transport(.noInternet, detail: "no backend open")), durationMs: 0, purpose: purpose))
                return
            }
            trackInOrder { [clock, tap] in
                let start = clock.nowMs()
                let response = await backend.send(request, session: session)
                let ms = clock.nowMs() - start
                tap(.call(request, session: session, step: purpose.stepLabel, response: response, durationMs: ms))
                await self.send(.response(id, response, durationMs: ms, purpose: purpose))
            }
        case .control(let id, let control, let purpose):
            guard let backend else {
                send(.controlAnswer(id, .failure("no backend open"), purpose: purpose))
                return
            }
            trackInOrder { [tap] in
                let answer = await backend.control(control)
                tap(.control(control, answer: answer))
                await self.send(.controlAnswer(id, answer, purpose: purpose))
            }
        case .subscribe(let session):
            subscription?.cancel()
            guard let backend else { return }
            let events = backend.events(session: session)
            subscription = Task(executorPreference: taskExecutor) {
                for await event in events {
                    if Task.isCancelled { return }
                    await self.deliver(event)
                }
            }
        case .unsubscribe:
            subscription?.cancel()
            subscription = nil
        case .startTimer(let timer, let ms):
            timers[timer]?.cancel()
            timers[timer] = Task(executorPreference: taskExecutor) { [clock] in
                do { try await clock.sleep(ms: ms) } catch { return }
                await self.timerFired(timer)
            }
        case .cancelTimer(let timer):
            timers.removeValue(forKey: timer)?.cancel()
        case .copyToClipboard(let text):
            clipboard(text)
        case .exportSession(let kind):
            track { [export] in
                switch await export(kind) {
                case .success(let path): await self.send(.exported(kind, path: path, error: nil))
                case .failure(let e): await self.send(.exported(kind, path: nil, error: e.message))
                }
            }
        case .markExpected(let marks):
            for mark in marks { tap(.expect(mark)) }
        case .bugReport:
            // The world is read with no tap: writing a report changes nothing the walk records.
            track { [backend, report] in
                let world = await backend?.control(.export).scenario
                switch await report(world) {
                case .success(let path): await self.send(.reported(path: path, error: nil))
                case .failure(let e): await self.send(.reported(path: nil, error: e.message))
                }
            }
        case .saveFile(let path, let contents):
            track { [write] in
                let error = await write(path, contents)
                await self.send(.fileSaved(path: path, error: error))
            }
        }
    }

    private func track(_ body: @escaping @Sendable () async -> Void) {
        running.append(Task(executorPreference: taskExecutor) { await body() })
    }

    /// Calls and controls reach the backend one after the other, in the order the app issued them,
    /// as one SDK instance talks to its backend: a panel's read never overtakes the call before it,
    /// so what a walk records is the order the world saw.
    private func trackInOrder(_ body: @escaping @Sendable () async -> Void) {
        let previous = lastBackendTask
        let task = Task(executorPreference: taskExecutor) {
            await previous?.value
            await body()
        }
        lastBackendTask = task
        running.append(task)
    }

    private func connected(_ result: Result<Opened, ConnectError>) {
        switch result {
        case .success(let opened):
            backend = opened.backend
            send(.connected(error: nil, defaults: opened.defaults))
        case .failure(let e):
            send(.connected(error: e.message))
        }
    }

    private func deliver(_ event: SimEvent) {
        tap(.event(event))
        send(.event(event))
    }

    private func timerFired(_ timer: TimerID) {
        guard timers.removeValue(forKey: timer) != nil else { return }
        send(.timerFired(timer))
    }
}
