import Enrollment
import Foundation
import SimKernel
import Synchronization
import TerminalUI
import Walk

/// Records a walk without a terminal: keys typed into a headless front on a real backend, written as
/// a walk with a steady pace (`keyMs` between keys), so that tours and tests are walks like any other.
public final class WalkScript {
    private let front: HeadlessFront
    private let recorder: WalkRecorder
    private let time: ScriptTime

    /// A steady clock for the walk's `t`: it moves only when the script says.
    final class ScriptTime: Sendable {
        private let ms = Mutex(0)
        func now() -> Int { ms.withLock { $0 } }
        func advance(_ by: Int) { ms.withLock { $0 += by } }
    }

    public let keyMs: Int

    public init(path: String, header: WalkHeader, config: SessionConfig, backend: any SimBackend, keyMs: Int = 400) async throws {
        let time = ScriptTime()
        let recorder = try WalkRecorder(path: path, header: header, now: { time.now() })
        self.time = time
        self.recorder = recorder
        self.keyMs = keyMs
        front = await HeadlessFront(config: config, size: Size(width: header.width, height: header.height), backend: backend,
                                    clock: SystemClock(), tap: { recorder.record($0) })
    }

    public var state: AppState { front.state }
    public var screen: String { front.frame.textSnapshot }

    /// Presses each key in turn (walk names: `Enter`, `Esc`, or one character), then waits `pauseMs`.
    public func press(_ names: String..., pauseMs: Int = 0) async {
        for name in names {
            time.advance(keyMs)
            recorder.key(name)
            if let key = Key(walkName: name) { await front.press(key) }
        }
        time.advance(pauseMs)
    }

    /// Waits until the screen shows `text` (an SMS arrives by an event, on its own time): false after
    /// 60 s (a team server on a busy machine may take seconds to answer).
    @discardableResult
    public func wait(for text: String) async -> Bool {
        for _ in 0..<3000 {
            await front.refresh()
            if screen.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Types text, a key per character.
    public func type(_ text: String) async {
        for c in text { await press(String(c)) }
    }

    /// Records that the screen (or a region of it) shows `text` here, once it does: false when it
    /// never came (as `wait`), and then nothing is recorded.
    @discardableResult
    public func expect(_ text: String, in region: WalkExpectation.Region = .screen) async -> Bool {
        let expectation = WalkExpectation(.text(text), in: region)
        for _ in 0..<500 {
            await front.refresh()
            if expectation.holds(in: front.text(of: region)) {
                recorder.expect(expectation)
                return true
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Writes the world the front's backend opened with (as a connect does when recording).
    public func world(origin: String, yaml: String) { recorder.world(origin: origin, yaml: yaml) }
}
