import CursesTerminal
import Foundation
import Screens
import Synchronization
import TerminalUI
import Walk
import WalkPlayer

/// A walk played in the terminal: the front's screens, laid out at the terminal's size, above the
/// replay chrome (the step, the caption, the keys), wrapped whole. At the recorded pace times `speed` (a pause longer than 2 s is cut to 2 s,
/// as asciinema's idle limit does), or one entry per key with `stepping`; Space pauses, q leaves.
/// `pauseAtSteps`: a demo waits for a key where each flow step begins.
final class TerminalReplay {
    static let idleLimitMs = 2000

    private let driver: any TerminalDriver
    private let walk: Walk
    private let speed: Double
    private var stepping: Bool
    private let pauseAtSteps: Bool
    private var paused = false
    private var step = ""

    init(driver: any TerminalDriver, walk: Walk, speed: Double, stepping: Bool, pauseAtSteps: Bool) {
        self.driver = driver
        self.walk = walk
        self.speed = speed
        self.stepping = stepping
        self.pauseAtSteps = pauseAtSteps
    }

    static func run(_ walk: Walk, speed: Double, stepping: Bool, autoplay: Bool) async throws {
        // The replay's own thread runs it from start to end (a `LoopExecutor` there): waiting for a
        // key blocks that thread, never one of Swift's few pool threads, and the terminal, the
        // replay and its session are made and used on it alone.
        let unavailable: TerminalUnavailable? = await withCheckedContinuation { done in
            let thread = Thread {
                let driver: CursesDriver
                do throws(CursesError) {
                    driver = try CursesDriver(environment: ProcessInfo.processInfo.environment, theme: .dark)
                } catch {
                    return done.resume(returning: TerminalUnavailable(reason: error.description))
                }
                let executor = LoopExecutor()
                executor.start()
                let ended = Ended()
                Task(executorPreference: executor) {
                    let replay = TerminalReplay(driver: driver, walk: walk, speed: speed, stepping: stepping, pauseAtSteps: !autoplay)
                    await replay.loop(WalkSession(walk))
                    driver.teardown()
                    ended.flag.store(true, ordering: .releasing)
                }
                executor.run(until: { ended.flag.load(ordering: .acquiring) })
                done.resume(returning: nil)
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        if let unavailable { throw unavailable }
    }

    /// The replay's task has ended.
    private final class Ended: Sendable {
        let flag = Atomic(false)
    }

    /// Plays every entry; returns when the walk ends and a key is pressed, or on q.
    func loop(_ session: WalkSession) async {
        var previous = 0
        let total = walk.entries.count
        paint(session, position: 0, of: total)
        for (i, entry) in walk.entries.enumerated() {
            let stepBegins: Bool
            if case .step(let label) = entry.what {
                step = label
                stepBegins = true
            } else {
                stepBegins = false
            }
            let delay = stepping ? nil : Int(Double(min(entry.t - previous, Self.idleLimitMs)) / speed)
            previous = entry.t
            if !wait(delay, stopHere: stepping || (pauseAtSteps && stepBegins), session: session, position: i, of: total) { return }
            await session.play(entry)
            paint(session, position: i + 1, of: total)
        }
        paused = true
        paint(session, position: total, of: total, ended: true)
        _ = wait(nil, stopHere: true, session: session, position: total, of: total)
    }

    /// Waits `ms` (nil: for a key); false when the user leaves.
    private func wait(_ ms: Int?, stopHere: Bool, session: WalkSession, position: Int, of total: Int) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(ms ?? 0)
        let waitingForKey = stopHere
        while true {
            let left = deadline - ContinuousClock.now
            if !waitingForKey && !paused && left <= .zero { return true }
            let timeout: Duration? = (waitingForKey || paused) ? .milliseconds(250) : min(left, .milliseconds(250))
            guard let event = driver.nextEvent(timeout: timeout) else { continue }
            switch event {
            case .key(.char("q")), .key(.escape), .key(.ctrlC), .signal: return false
            case .key(.char(" ")):
                if waitingForKey { return true }
                paused.toggle()
                paint(session, position: position, of: total)
            case .key:
                if waitingForKey || paused {
                    paused = false
                    return true
                }
            case .resize:
                paint(session, position: position, of: total)
            case .paste, .click: break
            }
        }
    }

    private func paint(_ session: WalkSession, position: Int, of total: Int, ended: Bool = false) {
        let caption = walk.header.captions[step].map { " · " + $0 } ?? ""
        let state = ended ? "end · any key leaves" : paused ? "paused · Space resumes" : stepping ? "any key: next" : "Space pauses"
        let chrome = "▶ replay \(position)/\(total) · \(step.isEmpty ? "start" : step)\(caption) · \(state) · q quits"
        // The screens laid out at this terminal's size (not the recorded one), the chrome wrapped under them.
        driver.draw(ReplayLayout.frame(session.state, chrome: chrome, size: driver.size))
    }
}
