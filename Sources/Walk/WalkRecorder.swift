import Foundation
import SimKernel
import Synchronization

/// Writes a walk as it happens: each line is appended and flushed at once, so a walk survives the
/// program being killed (all but the line being written). A key the terminal loop records is held
/// (`key(_:deferred:)`) until the next other line, `flush()` (the loop's, once the key's frame is
/// painted, and before Ctrl-Z stops the process) or a crash (`flushOnCrash()`): its line is not
/// made before the frame, and a kill (SIGKILL, or a second SIGTERM while the key is handled)
/// loses it. Kept in memory only, keys stay held until the walk is read. The file is 0600
/// (a walk carries the scenario, passwords included). When a write fails (a full disk), the line cut short is taken back
/// so the file ends with whole lines, recording to the file stops, and `failure` says so; the session
/// goes on, kept in memory. Safe to call from any thread.
public final class WalkRecorder: Sendable {
    /// What the recorder writes and keeps, under its lock.
    private struct Recording {
        /// The file written (`--record`), until a write fails; -1 for none.
        var descriptor: Int32
        /// The file's length up to its last whole line.
        var whole: off_t = 0
        let path: String?
        /// Why the file stopped being written, once it did.
        var stopped: String?
        var stopShown = false
        /// Every line, also kept in memory: the API log exports the session from them.
        var kept: [String] = []
        var sim: SimTime?
        var step: String?
        /// Keys recorded with `deferred`, in order, not written yet (their line is made when written).
        var heldKeys: [(t: Int, sim: SimTime?, name: String)] = []

        mutating func writeHeldKeys() {
            guard !heldKeys.isEmpty else { return }
            let keys = heldKeys
            heldKeys = []
            for key in keys { writeLine(WalkEntry(t: key.t, sim: key.sim, .key(key.name)).json) }
        }

        /// The keys held back first, so lines stay in the order they happened.
        mutating func write(_ json: JSONValue) {
            writeHeldKeys()
            writeLine(json)
        }

        mutating func writeLine(_ json: JSONValue) {
            let line = JSONText.encode(json) + "\n"
            kept.append(line)
            guard descriptor >= 0 else { return }
            if let reason = PrivateFile.writeAll(line, to: descriptor) {
                // The line cut short is taken back: the file ends with whole lines (a full disk still
                // lets a file shrink).
                _ = ftruncate(descriptor, whole)
                close(descriptor)
                descriptor = -1
                stopped = "the walk \((path ?? "").escapingControlCharacters) stopped being recorded after \(kept.count - 1) lines: \(reason)"
                    + " (the file keeps those lines; the session goes on)"
                return
            }
            whole += off_t(line.utf8.count)
        }
    }

    private let recording: Mutex<Recording>
    private let now: @Sendable () -> Int

    /// Creates `path` (refusing to replace a file: a walk kept as a test is not overwritten by mistake)
    /// and writes the header.
    public init(path: String, header: WalkHeader, now: (@Sendable () -> Int)? = nil) throws(WalkError) {
        let descriptor: Int32
        do throws(PrivateFile.WriteError) {
            descriptor = try PrivateFile.create(path)
        } catch where error.exists {
            throw WalkError(file: path, line: nil, reason: "exists already: record to a new file")
        } catch {
            throw WalkError(file: path, line: nil, reason: "cannot create the file: \(error.reason)")
        }
        let start = ContinuousClock.now
        self.now = now ?? { Int((ContinuousClock.now - start) / .milliseconds(1)) }
        var recording = Recording(descriptor: descriptor, path: path)
        recording.write(header.json)
        let stopped = recording.stopped
        self.recording = Mutex(recording)
        if let stopped { throw WalkError(file: path, line: nil, reason: stopped) }
    }

    /// A walk kept in memory only.
    public init(header: WalkHeader, now: (@Sendable () -> Int)? = nil) {
        let start = ContinuousClock.now
        self.now = now ?? { Int((ContinuousClock.now - start) / .milliseconds(1)) }
        var recording = Recording(descriptor: -1, path: nil)
        recording.write(header.json)
        self.recording = Mutex(recording)
    }

    deinit {
        recording.withLock {
            $0.writeHeldKeys()
            if $0.descriptor >= 0 { close($0.descriptor) }
        }
    }

    /// Why the file stopped being written (a full disk), or nil while it is written (or kept in memory).
    public var failure: String? { recording.withLock { $0.stopped } }

    /// The failure the first time it is asked for, then nil: the TUI tells it once.
    public func takeFailure() -> String? {
        recording.withLock {
            guard let stopped = $0.stopped, !$0.stopShown else { return nil }
            $0.stopShown = true
            return stopped
        }
    }

    /// The walk so far, read back as `enrollsim replay` reads a file.
    public func walk(name: String = "session") throws(WalkError) -> Walk {
        let text = recording.withLock {
            $0.writeHeldKeys()
            return $0.kept.joined()
        }
        return try WalkReader.parse(text, file: name)
    }

    /// Milliseconds since the recording started, as the walk's lines are stamped.
    public var elapsed: Int { now() }

    /// The flow step the last call began (the walk's last step line), if any.
    public var currentStep: String? { recording.withLock { $0.step } }

    /// The simulated time the walk's lines are stamped with now, once one was seen.
    public var currentSim: SimTime? { recording.withLock { $0.sim } }

    public func key(_ name: String) { append(.key(name)) }

    /// A key whose line is written later (`flush()`, the next other line, a read of the walk), with
    /// the time and simulated time of now: the same line as `key(_:)` writes at once.
    public func key(_ name: String, deferred: Bool) {
        guard deferred else { return key(name) }
        let t = now()
        recording.withLock { $0.heldKeys.append((t, $0.sim, name)) }
    }

    /// Writes the keys held back to the file. True when the file stopped being written by this
    /// flush (a full disk): `failure` says why. A walk kept in memory only keeps holding them: their
    /// lines are made when the walk is read (`walk(name:)`) or another line comes, not per key.
    @discardableResult
    public func flush() -> Bool {
        recording.withLock {
            guard $0.descriptor >= 0 else { return false }
            $0.writeHeldKeys()
            return $0.stopped != nil
        }
    }

    /// `flush()` from a crash handler: nothing when another thread holds the recorder (a crash in
    /// the middle of a line), so the handler never waits; nothing without a file, since what is kept
    /// in memory ends with the process.
    public func flushOnCrash() {
        _ = recording.withLockIfAvailable {
            guard $0.descriptor >= 0 else { return }
            $0.writeHeldKeys()
        }
    }
    public func paste(_ text: String) { append(.paste(text)) }
    public func resize(width: Int, height: Int) { append(.resize(width: width, height: height)) }
    public func world(origin: String, yaml: String) { append(.world(origin: origin, yaml: yaml)) }
    /// What the screen shows here, kept as an assertion the walk's check makes.
    public func expect(_ expectation: WalkExpectation) { append(.expect(expectation)) }
    public func control(_ control: SimControl, answer: SimAnswer) {
        if let now = answer["now"]?.stringValue.flatMap(SimTime.init(iso8601:)) { seen(now) }
        append(.control(control, answer: answer))
    }
    public func event(_ event: SimEvent) {
        seen(event.at)
        append(.event(event))
    }

    /// A call and its answer; a step line first when the call begins another flow step.
    public func call(_ call: WalkCall) {
        let t = now()
        recording.withLock {
            if let at = call.response.trace?.at { $0.sim = at }
            if call.step != $0.step {
                $0.step = call.step
                $0.write(WalkEntry(t: t, sim: $0.sim, .step(call.step)).json)
            }
            $0.write(WalkEntry(t: t, sim: $0.sim, .call(call)).json)
        }
    }

    private func seen(_ time: SimTime) {
        recording.withLock { $0.sim = time }
    }

    private func append(_ what: WalkEntry.What) {
        let t = now()
        recording.withLock { $0.write(WalkEntry(t: t, sim: $0.sim, what).json) }
    }
}
