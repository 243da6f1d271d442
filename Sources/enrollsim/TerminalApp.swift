import Enrollment
import Foundation
import Screens
import SimKernel
import SimWorld
import Synchronization
import TerminalUI
import Walk
import WalkPlayer

/// The loop between a terminal driver and the store: events become actions through the app's
/// keymap, and every new state is painted. The driver, the store and its effects' tasks run on one
/// thread, this loop's (`LoopExecutor`): a key is reduced and its frame painted without a thread
/// hop. The loop waits for input until the next timer is due, or 100 ms while a call is in flight
/// (the spinner turns): idle, it neither wakes nor writes.
///
/// Not `Sendable`: it lives on its loop's thread. What other threads touch is in `Sendable` holders
/// of its own (`latest`, the clipboard, the size painted: each a `Mutex`), which the store's effects
/// capture instead of the app.
final class TerminalApp {
    enum Outcome { case quit, signal(TerminationSignal) }

    private let driver: any TerminalDriver
    private let store: Store
    /// The newest state the store reported (the loop's tests read it).
    let latest: LatestState
    /// Writes the walk (`--record`): keys here, calls, controls and events from the store.
    private let recorder: WalkRecorder?
    /// The last screens painted, for the API log's asciicast export (kept while recording).
    private let tape: ScreenTape?
    /// The colours a screenshot's SVG is drawn with.
    private let theme: Theme
    /// Where screenshots and the API log's exports go (the working directory).
    private let screenshots: String
    /// Text for the clipboard, from the store's effects, written to the terminal by the loop's thread.
    private let clipboard = Pending<String>()
    /// The frame on screen: a click is looked up in its click targets.
    private var shown: Frame?
    /// The keymap the frame on screen was drawn with (without help texts: the bar shows titles),
    /// and the state's generation (`LatestState`): a key pressed on that state looks itself up
    /// there instead of building the table again.
    private var shownKeymap: (keymap: Keymap<UICommand>, generation: Int)?
    /// Makes the frames and keymaps: a keymap only when its inputs change, the title bar, banner
    /// and help bar only when what they show does.
    private let painter = ScreenPainter()
    /// The size last painted at, for a bug report's screen (written from the store's task).
    private let paintedSize = Pending<Size>()
    /// Runs the store and its tasks on the loop's thread.
    private let executor: LoopExecutor

    /// - Parameter executor: the executor of the thread `runHere` will be called on (a new one
    ///   for `run`).
    init(driver: any TerminalDriver, config: SessionConfig, connector: @escaping Store.Connector, recorder: WalkRecorder? = nil,
         theme: Theme = .dark, screenshots: String = FileManager.default.currentDirectoryPath, executor: LoopExecutor = LoopExecutor()) {
        self.driver = driver
        self.screenshots = screenshots
        self.recorder = recorder
        self.theme = theme
        let tape = recorder.map { _ in ScreenTape(theme: theme) }
        self.tape = tape
        let state = AppState(config: config, ruleCatalogues: World.ruleCatalogues, scenarios: ScenarioLoader.builtinNames)
        let latest = LatestState(state)
        self.latest = latest
        self.executor = executor
        let clipboard = clipboard, wakeup = driver.wakeup, directory = screenshots, paintedSize = paintedSize
        store = Store(state: state, connector: connector, clock: LoopClock(executor: executor),
                      writeFile: { path, text in
                          // Save-as never replaces a file: a scenario or a README typed by mistake stays.
                          do throws(PrivateFile.WriteError) {
                              try PrivateFile.write(text, to: path)
                              return nil
                          } catch where error.exists {
                              return "\(path.escapingControlCharacters) exists already: choose another name"
                          } catch {
                              return error.description
                          }
                      },
                      observe: { latest.set($0) },
                      tap: { recorder?.record($0) },
                      clipboard: { text in
                          clipboard.put(text)
                          wakeup.wake()
                      },
                      export: { kind in await SessionExporter.export(kind, recorder: recorder, tape: tape, theme: theme, directory: directory) },
                      report: { world in
                          let frame = Screens.render(latest.peek(), size: paintedSize.last ?? Size(width: 80, height: 24))
                          return BugReportWriter.write(recorder: recorder, world: world, frame: frame, tape: tape, theme: theme, directory: directory)
                      },
                      executor: executor, taskExecutor: executor)
    }

    /// Runs on a thread of its own until the user quits or a termination signal arrives; the
    /// caller tears the terminal down. The thread runs the loop's executor, and the app goes to it
    /// as this task's work (`withTaskExecutorPreference`): the caller waits meanwhile, so the
    /// compiler sees the app used by one thread at a time.
    func run(exitAfterFirstFrame: Bool = false) async -> Outcome {
        let executor = executor, ended = LoopEnded()
        let thread = Thread {
            executor.start()
            executor.run(until: { ended.value.load(ordering: .acquiring) })
            executor.finish()
        }
        thread.stackSize = 4 << 20
        thread.start()
        return await withTaskExecutorPreference(executor) {
            defer { ended.value.store(true, ordering: .releasing) }
            return runHere(exitAfterFirstFrame: exitAfterFirstFrame)
        }
    }

    /// Runs on the calling thread, which becomes the executor's (the program's main thread, which
    /// goes on running the executor's work after the loop).
    func runHere(exitAfterFirstFrame: Bool = false) -> Outcome {
        executor.start(wakeup: driver.wakeup)
        defer { recorder?.flush() }
        var tick = 0
        var painted: (AppState, Size)?
        while true {
            executor.fireDueTimers()
            executor.runPending()
            // Before the state is taken: the loop may not wake again to paint what these change.
            if let failure = recorder?.takeFailure() { send(.recordingStopped(reason: failure)) }
            for text in clipboard.takeAll() { driver.copyToClipboard(text) }
            let (state, changed, generation) = latest.take()
            if state.quitRequested { return .quit }
            // Repaint on change, on resize, and while busy (the spinner turns).
            if changed || painted?.1 != driver.size || state.isBusy || painted == nil {
                let keymap = shownKeymap?.generation == generation ? shownKeymap!.keymap : painter.keymap(for: state)
                let frame = painter.render(state, size: driver.size, tick: tick, keymap: keymap)
                driver.draw(frame)
                shown = frame
                shownKeymap = (keymap, generation)
                if let recorder { tape?.record(frame, t: recorder.elapsed, step: recorder.currentStep) }
                if painted?.1 != driver.size { paintedSize.replace(with: driver.size) }
                painted = (state, driver.size)
                if exitAfterFirstFrame { return .quit }
            }
            tick += 1
            // Only the spinner and timers need time to pass; anything else that changes the screen
            // (an answer, the clipboard) is work queued on the executor, which ends the wait.
            let spinner: Duration? = state.isBusy ? .milliseconds(100) : nil
            let timeout: Duration? = latest.hasChanged || executor.hasPendingWork
                ? .zero : [spinner, executor.timeUntilNextTimer()].compactMap { $0 }.min()
            // About to wait: the keys' walk lines, held while their frame was made, are written now
            // (a full disk stops the recording: the loop goes round to say so).
            if timeout != .zero, recorder?.flush() == true { continue }
            guard var event = driver.nextEvent(timeout: timeout) else { continue }
            // A burst: this event and every one already waiting (a paste without brackets, a key
            // held down, a flood of keys) before the next frame; a frame per key made 10 KB of keys
            // take minutes. The driver looks at the signal pipe before each event it hands out.
            var handled = 0
            while true {
                switch handle(event) {
                case .goOn: break
                case .repaint: painted = nil
                case .finish(let outcome): return outcome
                }
                handled += 1
                guard handled < Self.burstLimit, let next = driver.nextEvent(timeout: .zero) else { break }
                event = next
            }
        }
    }

    /// At most this many events between two frames: a stream that never pauses still shows.
    static let burstLimit = 100_000

    private enum Step { case goOn, repaint, finish(Outcome) }

    /// One event, against the newest state (an earlier key of the burst may have changed it).
    private func handle(_ event: TerminalEvent) -> Step {
        let (state, generation) = latest.peekGeneration()
        if state.quitRequested { return .finish(.quit) }
        switch event {
        case .key(let key):
            return press(key, in: state, generation: generation)
        case .click(let point):
            // A click is the keys it stands for on the frame shown (recorded as those keys).
            for key in shown?.keys(forClickAt: point) ?? [] {
                let (state, generation) = latest.peekGeneration()
                if case .finish(let outcome) = press(key, in: state, generation: generation) { return .finish(outcome) }
            }
        case .paste(let text):
            recorder?.paste(text)
            send(.pasted(text))
        case .resize:
            recorder?.resize(width: driver.size.width, height: driver.size.height)
            return .repaint
        case .signal(let signal):
            return .finish(.signal(signal))
        }
        return .goOn
    }

    private func press(_ key: Key, in state: AppState, generation: Int) -> Step {
        // Ctrl-Z suspends, as in any terminal program (raw mode delivers it as a key): the shell gets
        // its terminal back, and `fg` continues here with a full repaint. Not a key of the walk.
        if key == .ctrl("z") {
            recorder?.flush()  // a stopped process may be killed: the keys so far are in the file
            driver.suspend()
            raise(SIGSTOP)
            driver.restore()
            driver.invalidate()
            return .repaint
        }
        recorder?.key(key.walkName, deferred: true)
        let keymap = shownKeymap.flatMap { $0.generation == generation ? $0.keymap : nil } ?? painter.keymap(for: state)
        switch AppKeymap.command(for: key, in: state, size: driver.size, keymap: keymap) {
        case .send(let action)?: send(action)
        case .forceQuit?: return .finish(.quit)
        case .redraw?:
            driver.invalidate()
            return .repaint
        case .screenshot?:
            screenshot(state)
        case nil: break
        }
        return .goOn
    }

    /// Saves the screen as it is now into the working directory, and says where on the screen.
    private func screenshot(_ state: AppState) {
        let frame = Screens.render(state, size: driver.size)
        let name = Screenshot.name(screen: state.route.title, simulatedTime: state.simulator.now)
        do {
            send(.screenshotSaved(paths: try Screenshot.save(frame, theme: theme, name: name, directory: screenshots), error: nil))
        } catch {
            send(.screenshotSaved(paths: [], error: String(describing: error)))
        }
    }

    /// Reduces an action now, on this thread (the store's executor), so keys keep their order.
    private func send(_ action: Action) {
        store.assumeIsolated { $0.send(action) }
    }
}

/// Whether the loop `run` started has ended: its thread then stops running the executor.
private final class LoopEnded: Sendable {
    let value = Atomic(false)
}

/// The newest state the store reported, and whether it changed since the loop last looked. The
/// store reports on the loop's thread (its executor), which looks before it waits: no wakeup is
/// needed. A bug report reads it from another thread.
final class LatestState: Sendable {
    private struct Newest {
        var state: AppState
        var changed = true
        /// Counts the states set: the same generation is the same state.
        var generation = 0
    }

    private let newest: Mutex<Newest>

    init(_ state: AppState) {
        newest = Mutex(Newest(state: state))
    }

    func set(_ new: AppState) {
        newest.withLock {
            $0.state = new
            $0.changed = true
            $0.generation &+= 1
        }
    }

    /// The newest state, leaving it marked as changed.
    func peek() -> AppState { newest.withLock { $0.state } }

    /// The newest state and its generation.
    func peekGeneration() -> (AppState, Int) { newest.withLock { ($0.state, $0.generation) } }

    var hasChanged: Bool { newest.withLock { $0.changed } }

    /// The newest state, whether it changed since the last take, and its generation.
    func take() -> (AppState, Bool, Int) {
        newest.withLock { newest in
            defer { newest.changed = false }
            return (newest.state, newest.changed, newest.generation)
        }
    }
}

/// Values handed from any thread to the loop's, in order.
final class Pending<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func put(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    /// Keeps only `value` (the newest of a kind that supersedes the rest).
    func replace(with value: Value) {
        values.withLock { $0 = [value] }
    }

    var last: Value? { values.withLock { $0.last } }

    func takeAll() -> [Value] {
        values.withLock { values in
            defer { values = [] }
            return values
        }
    }
}
