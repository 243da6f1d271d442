import Enrollment
import TerminalUI
import Walk

/// A walk played through the front: a fresh headless front answered by the walk itself, fed the
/// walk's keys, pastes, resizes and events one entry at a time. Each entry's effects are settled
/// before the next (a key pressed while a call was in flight comes after its answer here).
public final class WalkSession {
    public let walk: Walk
    private let front: HeadlessFront

    public init(_ walk: Walk) async {
        self.walk = walk
        let clock = PlaybackClock()
        let config = SessionConfig(walkFields: walk.header.session)
        front = await HeadlessFront(config: config, size: Size(width: walk.header.width, height: walk.header.height),
                                    backend: PlaybackBackend(walk, clock: clock), clock: clock)
    }

    /// What the screen shows now, at the recorded size.
    public var frame: Frame { front.frame }

    /// The front's state now: a player lays it out at its own terminal's size.
    public var state: AppState { front.state }

    /// The text of a region of the screen now, as an expectation reads it.
    public func text(of region: WalkExpectation.Region) -> String { front.text(of: region) }

    /// Plays one entry; false when it is a key nothing binds (the replay diverged, or the key did
    /// nothing when recorded either).
    @discardableResult
    public func play(_ entry: WalkEntry) async -> Bool {
        switch entry.what {
        case .key(let name):
            guard let key = Key(walkName: name) else { return false }
            return await front.press(key)
        case .paste(let text): await front.send(.pasted(text))
        case .resize(let w, let h): front.size = Size(width: w, height: h)
        case .event(let event): await front.send(.event(event))
        case .step, .world, .call, .control, .expect: break
        }
        return true
    }

    /// The frames of the whole walk, each with the time of the entry that produced it: a new frame
    /// only when the screen changed.
    public static func frames(_ walk: Walk) async -> [(t: Int, step: String?, frame: Frame)] {
        var frames: [(t: Int, step: String?, frame: Frame)] = []
        await eachFrame(walk) { frames.append(($0, $1, $2)) }
        return frames
    }

    /// The same frames handed over one at a time, none kept here (a long walk's exports).
    public static func eachFrame(_ walk: Walk, _ body: (_ t: Int, _ step: String?, _ frame: Frame) -> Void) async {
        let session = await WalkSession(walk)
        var last = session.frame
        body(0, nil, last)
        var step: String?
        for entry in walk.entries {
            if case .step(let label) = entry.what { step = label }
            await session.play(entry)
            let frame = session.frame
            if frame != last {
                body(entry.t, step, frame)
                last = frame
            }
        }
    }
}
