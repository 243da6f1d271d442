import Foundation
import SimKernel

/// Writes a walk as it happens: each line is appended and flushed at once, so a walk survives the
/// program being killed (all but the line being written). Safe to call from any thread.
public final class WalkRecorder: @unchecked Sendable {
    private let lock = NSLock()
    /// The file written (`--record`), or none.
    private let handle: FileHandle?
    /// Every line, also kept in memory: the API log exports the session from them.
    private var kept: [String] = []
    private let start: ContinuousClock.Instant
    private let now: @Sendable () -> Int
    private var sim: SimTime?
    private var step: String?

    /// Creates `path` (refusing to replace a file: a walk kept as a test is not overwritten by mistake)
    /// and writes the header.
    public init(path: String, header: WalkHeader, now: (@Sendable () -> Int)? = nil) throws(WalkError) {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw WalkError(file: path, line: nil, reason: "exists already: record to a new file")
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw WalkError(file: path, line: nil, reason: "cannot create the file")
        }
        self.handle = handle
        let start = ContinuousClock.now
        self.start = start
        self.now = now ?? { Int((ContinuousClock.now - start) / .milliseconds(1)) }
        write(header.json)
    }

    /// A walk kept in memory only.
    public init(header: WalkHeader, now: (@Sendable () -> Int)? = nil) {
        handle = nil
        let start = ContinuousClock.now
        self.start = start
        self.now = now ?? { Int((ContinuousClock.now - start) / .milliseconds(1)) }
        write(header.json)
    }

    deinit { try? handle?.close() }

    /// The walk so far, read back as `enrollsim replay` reads a file.
    public func walk(name: String = "session") throws(WalkError) -> Walk {
        lock.lock()
        let text = kept.joined()
        lock.unlock()
        return try WalkReader.parse(text, file: name)
    }

    public func key(_ name: String) { append(.key(name)) }
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

    private func writeLocked(_ json: JSONValue) {
        let line = JSONText.encode(json) + "\n"
        kept.append(line)
        handle?.write(Data(line.utf8))
    }
}
