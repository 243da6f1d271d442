import Foundation
import SimKernel

/// Writes a walk as it happens: each line is appended and flushed at once, so a walk survives the
/// program being killed (all but the line being written). A key the terminal loop records is held
/// (`key(_:deferred:)`) until the next other line, `flush()` (the loop's, once the key's frame is
/// painted, and before Ctrl-Z stops the process) or a crash (`flushOnCrash()`): its line is not
/// made before the frame, and a kill (SIGKILL, or a second SIGTERM while the key is handled)
/// loses it. Kept in memory only, keys stay held until the walk is read. The file is 0600
/// (a walk carries the scenario, passwords included). When a write fails (a full disk), the line cut short is taken back
/// so the file ends with whole lines, recording to the file stops, and `failure` says so; the session
/// goes on, kept in memory. Safe to call from any thread.
public final class WalkRecorder: @unchecked Sendable {
    private let lock = NSLock()
    /// The file written (`--record`), until a write fails; -1 for none.
    private var descriptor: Int32
    /// The file's length up to its last whole line.
    private var whole: off_t = 0
    private let path: String?
    /// Why the file stopped being written, once it did.
    private var stopped: String?
    private var stopShown = false
    /// Every line, also kept in memory: the API log exports the session from them.
    private var kept: [String] = []
    private let start: ContinuousClock.Instant
    private let now: @Sendable () -> Int
    private var sim: SimTime?
    private var step: String?
    /// Keys recorded with `deferred`, in order, not written yet (their line is made when written).
    private var heldKeys: [(t: Int, sim: SimTime?, name: String)] = []

    /// Creates `path` (refusing to replace a file: a walk kept as a test is not overwritten by mistake)
    /// and writes the header.
    public init(path: String, header: WalkHeader, now: (@Sendable () -> Int)? = nil) throws(WalkError) {
        do throws(PrivateFile.WriteError) {
            descriptor = try PrivateFile.create(path)
        } catch where error.exists {
            throw WalkError(file: path, line: nil, reason: "exists already: record to a new file")
        } catch {
            throw WalkError(file: path, line: nil, reason: "cannot create the file: \(error.reason)")
        }
        self.path = path
        let start = ContinuousClock.now
        self.start = start
        self.now = now ?? { Int((ContinuousClock.now - start) / .milliseconds(1)) }
        write(header.json)
        if let stopped { throw WalkError(file: path, line: nil, reason: stopped) }
    }

    /// A walk kept in memory only.
    public init(header: WalkHeader, now: (@Sendable () -> Int)? = nil) {
        descriptor = -1
        path = nil
        let start = ContinuousClock.now
        self.start = start
        self.now = now ?? { Int((ContinuousClock.now - start) / .milliseconds(1)) }
        write(header.json)
    }

    deinit {
        writeHeldKeys()
        if descriptor >= 0 { close(descriptor) }
    }

    /// Why the file stopped being written (a full disk), or nil while it is written (or kept in memory).
    public var failure: String? {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// The failure the first time it is asked for, then nil: the TUI tells it once.
    public func takeFailure() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let stopped, !stopShown else { return nil }
        stopShown = true
        return stopped
    }

    /// The walk so far, read back as `enrollsim replay` reads a file.
    public func walk(name: String = "session") throws(WalkError) -> Walk {
        lock.lock()
        writeHeldKeys()
        let text = kept.joined()
        lock.unlock()
        return try WalkReader.parse(text, file: name)
    }

    /// Milliseconds since the recording started, as the walk's lines are stamped.
    public var elapsed: Int { now() }

    /// The flow step the last call began (the walk's last step line), if any.
    public var currentStep: String? {
        lock.lock()
        defer { lock.unlock() }
        return step
    }

    /// The simulated time the walk's lines are stamped with now, once one was seen.
    public var currentSim: SimTime? {
        lock.lock()
        defer { lock.unlock() }
        return sim
    }

    public func key(_ name: String) { append(.key(name)) }

    /// A key whose line is written later (`flush()`, the next other line, a read of the walk), with
    /// the time and simulated time of now: the same line as `key(_:)` writes at once.
    public func key(_ name: String, deferred: Bool) {
        guard deferred else { return key(name) }
        lock.lock()
        heldKeys.append((now(), sim, name))
        lock.unlock()
    }

    /// Writes the keys held back to the file. True when the file stopped being written by this
    /// flush (a full disk): `failure` says why. A walk kept in memory only keeps holding them: their
    /// lines are made when the walk is read (`walk(name:)`) or another line comes, not per key.
    @discardableResult
    public func flush() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard descriptor >= 0 else { return false }
        writeHeldKeys()
        return stopped != nil
    }

    /// `flush()` from a crash handler: nothing when another thread holds the recorder (a crash in
    /// the middle of a line), so the handler never waits; nothing without a file, since what is kept
    /// in memory ends with the process.
    public func flushOnCrash() {
        guard lock.try() else { return }
        defer { lock.unlock() }
        guard descriptor >= 0 else { return }
        writeHeldKeys()
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
        lock.lock()
        defer { lock.unlock() }
        if let at = call.response.trace?.at { sim = at }
        if call.step != step {
            step = call.step
            writeLocked(WalkEntry(t: now(), sim: sim, .step(call.step)).json)
        }
        writeLocked(WalkEntry(t: now(), sim: sim, .call(call)).json)
    }

    private func seen(_ time: SimTime) {
        lock.lock()
        sim = time
        lock.unlock()
    }

    private func append(_ what: WalkEntry.What) {
        lock.lock()
        defer { lock.unlock() }
        writeLocked(WalkEntry(t: now(), sim: sim, what).json)
    }

    private func write(_ json: JSONValue) {
        lock.lock()
        defer { lock.unlock() }
        writeLocked(json)
    }

    /// Lock held.
    private func writeHeldKeys() {
        guard !heldKeys.isEmpty else { return }
        let keys = heldKeys
        heldKeys = []
        for key in keys { writeLine(WalkEntry(t: key.t, sim: key.sim, .key(key.name)).json) }
    }

    /// Lock held: the keys held back first, so lines stay in the order they happened.
    private func writeLocked(_ json: JSONValue) {
        writeHeldKeys()
        writeLine(json)
    }

    private func writeLine(_ json: JSONValue) {
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
