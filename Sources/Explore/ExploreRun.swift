import Enrollment
import Foundation
import Screens
import SimKernel
import TerminalUI
import Walk
import WalkPlayer
import Synchronization

/// One run of keys from a start: a fresh world and a fresh headless front, each input applied and
/// its effects settled, the events it caused handed over, then what it reached read off the answers'
/// traces and the screen, and the oracles asked. A walk recorder, when given, writes every line.
public final class ExploreRun {
    public let start: ExploreStart
    public private(set) var front: HeadlessFront
    public let backend: ExploreBackend
    private let box: TapBox
    public let recorder: WalkRecorder?
    private let time: StepTime
    public let oracles: Oracles
    /// Values seen in answers, events and controls (the codes the phone received, the back office's
    /// activation and binding tokens): the field dictionary offers them.
    public private(set) var harvest = Harvest()
    /// The frame after the last input, at the start's size.
    public private(set) var frame: Frame
    public private(set) var inputs: [ExploreInput] = []

    /// What one input reached.
    public struct Step: Sendable {
        public var reached: [ExploreTarget]
        public var findings: [Finding]
        /// False when the key is bound to nothing here (the run goes on, nothing changed).
        public var handled: Bool
    }

    final class StepTime: Sendable {
        private let ms = Mutex(0)
        func now() -> Int { ms.withLock { $0 } }
        func advance() { ms.withLock { $0 += 100 } }
    }

    /// A tap's sink, filled from the store's tasks.
    final class TapBox: Sendable {
        private let taps = Mutex<[StoreTap]>([])
        func add(_ tap: StoreTap) { taps.withLock { $0.append(tap) } }
        func take() -> [StoreTap] { taps.withLock { taps in defer { taps = [] }; return taps } }
    }

    /// `recordingTo`: writes the run as a walk file (titled `title`), created anew.
    public init(_ start: ExploreStart, recordingTo path: String? = nil, title: String? = nil, oracles: Oracles = Oracles()) async throws(WalkError) {
        self.start = start
        self.oracles = oracles
        let backend = ExploreBackend(world: start.world)
        self.backend = backend
        let box = TapBox()
        self.box = box
        let time = StepTime()
        self.time = time
        let recorder = try path.map { path throws(WalkError) in try WalkRecorder(path: path, header: start.header(title: title), now: { time.now() }) }
        self.recorder = recorder
        front = await HeadlessFront(config: start.config, size: start.size, backend: backend, clock: PlaybackClock(),
                                    tap: { tap in
                                        box.add(tap)
                                        recorder?.record(tap)
                                    })
        frame = front.frame
        _ = box.take()
    }

    public var state: AppState { front.state }

    /// Applies one input; what it reached (each trace, error code and screen, new or not: the caller
    /// keeps what is new) and what the oracles found.
    @discardableResult
    public func apply(_ input: ExploreInput) async -> Step {
        let before = frame
        let stateBefore = front.state
        let clock = ContinuousClock.now
        time.advance()
        inputs.append(input)
        var handled = true
        switch input {
        case .key(let name):
            recorder?.key(name)
            if let key = Key(walkName: name) { handled = await front.press(key) } else { handled = false }
        case .paste(let text):
            recorder?.paste(text)
            await front.send(.pasted(text))
        }
        await deliverEvents()
        let elapsed = ContinuousClock.now - clock
        frame = front.frame
        var reached: [ExploreTarget] = []
        for tap in box.take() {
            switch tap {
            case .call(_, _, _, let response, _):
                harvest.take(response.json)
                guard let trace = response.trace, let target = ExploreTarget.branch(trace), let system = trace.system else { continue }
                reached.append(target)
                if let error = response.error, !trace.injected { reached.append(.code(system: system, code: error.name ?? error.code.description)) }
            case .control(_, let answer): harvest.take(answer.json)
            case .event(let event): harvest.take(event.data)
            case .expect: break
            }
        }
        reached.append(.screen(front.state.route.title))
        let previous = inputs.count >= 2 ? inputs[inputs.count - 2] : nil
        let findings = handled ? oracles.check(input: input, previous: previous, before: before, stateBefore: stateBefore, after: front.state, frame: frame,
                                               elapsed: elapsed) : []
        return Step(reached: reached, findings: findings, handled: handled)
    }

    /// The events the input caused, handed to the front as a subscription would (each settled).
    private func deliverEvents() async {
        for _ in 0..<8 {
            let events = await backend.pendingEvents()
            if events.isEmpty { return }
            for event in events {
                box.add(.event(event))
                recorder?.event(event)
                await front.send(.event(event))
            }
        }
    }

    /// Marks in the walk what the screen shows now: its title (the screen's name) and the banner's
    /// first line when one is shown.
    public func expectScreen() {
        guard let recorder else { return }
        let title = front.text(of: .title)
        let name = title.components(separatedBy: "   ").first?.trimmingCharacters(in: .whitespaces) ?? title
        if !name.isEmpty { recorder.expect(WalkExpectation(.text(name), in: .title)) }
        let banner = front.text(of: .banner).split(separator: "\n").first.map(String.init) ?? ""
        if !banner.isEmpty { recorder.expect(WalkExpectation(.text(banner), in: .banner)) }
    }
}
