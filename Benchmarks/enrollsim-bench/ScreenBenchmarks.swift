import Enrollment
import Foundation
import PIMS
import SimWorld
import Screens
import TerminalUI

/// Rendering a whole frame (the screens draw every frame whole; ncurses diffs what reaches the
/// terminal), and the time from start to the first painted frame.
func benchmarkScreens(_ bench: inout Bench) async throws -> [String] {
    var lines: [String] = []
    // A busy state: the guided enrollment at the SMS-code prompt, with the phone and a banner.
    let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
    let store = Store(state: AppState(), connector: { _ in .success(Store.Opened(backend)) })
    for action: Action in [.submit, .submit, .submit, .guided(.chooseShortcut)] {
        await store.send(action)
        await store.settle()
    }
    for c in "0612345678" { await store.send(.typed(c)) }
    await store.send(.submit)
    await store.settle()
    await store.send(.choose(.open(.simulator)))
    await store.settle()
    let simulator = await store.state
    await store.send(.cancel)
    await store.send(.choose(.open(.guided)))
    await store.settle()
    let guided = await store.state

    let baseline = await bench.measure("baseline: blank frame 80×24, filled", iterations: 2_000) { n in
        for _ in 0..<n {
            var f = Frame(size: .minimum)
            f.fill(f.bounds, glyph: "x")
            blackHole(f)
        }
        return n
    }
    lines.append(Bench.report(baseline, baseline: nil))
    for (name, state, size) in [("render guided 80×24", guided, Size(width: 80, height: 24)),
                                ("render guided 200×60", guided, Size(width: 200, height: 60)),
                                ("render simulator 80×24", simulator, Size(width: 80, height: 24)),
                                ("render simulator 200×60", simulator, Size(width: 200, height: 60))] {
        let r = await bench.measure(name, iterations: 2_000) { n in
            for i in 0..<n { blackHole(Screens.render(state, size: size, tick: i)) }
            return n
        }
        lines.append(Bench.report(r, baseline: baseline))
    }
    lines.append(Bench.report(try await benchmarkHomeKey(&bench), baseline: baseline))
    lines += try await benchmarkStartup(&bench)
    return lines
}

/// What the terminal loop does for a key on the home menu, without the terminal: the key looked up
/// in the keymap the frame on screen was drawn with, the action reduced, the new state's keymap
/// and frame built, and the frame compared with the one before (the runs curses would be given).
/// Down three times, then Up three times, as `Benchmarks/tui/tui-bench.py` presses them.
func benchmarkHomeKey(_ bench: inout Bench) async throws -> Bench.Result {
    let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
    let store = Store(state: AppState(), connector: { _ in .success(Store.Opened(backend)) })
    await store.send(.submit)
    await store.settle()
    var state = await store.state
    guard state.route == .home else { throw BenchFailure("the home menu after logging in, not \(state.route)") }
    let size = Size(width: 80, height: 24)
    var keymap = AppKeymap.keymap(for: state, helpTexts: false)
    var shown = Screens.render(state, size: size, keymap: keymap)
    var pressed = 0
    return try await bench.measure("key on the home menu: reduce + render + diff 80×24", iterations: 2_000) { n in
        for _ in 0..<n {
            let key: Key = (pressed / 3) % 2 == 0 ? .down : .up
            pressed += 1
            guard case .send(let action)? = AppKeymap.command(for: key, in: state, size: size, keymap: keymap) else {
                throw BenchFailure("\(key) does nothing on the home menu")
            }
            await store.send(action)
            state = await store.state
            keymap = AppKeymap.keymap(for: state, helpTexts: false)
            let frame = Screens.render(state, size: size, keymap: keymap)
            blackHole(frame.changes(since: shown))
            shown = frame
        }
        return n
    }
}


/// Start to first painted frame, on a real pseudo-terminal (`script` gives one): `enrollsim
/// --exit-after-first-frame` against `script` running `true`, the baseline of the same run.
func benchmarkStartup(_ bench: inout Bench) async throws -> [String] {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("enrollsim")
    guard FileManager.default.isExecutableFile(atPath: binary.path), Shell.which("script") != nil else {
        return ["start-up: skipped (needs util-linux's script and the enrollsim product in the same configuration)"]
    }
    let baseline = await bench.measure("baseline: `true` on a pseudo-terminal", iterations: 20) { n in
        for _ in 0..<n { Shell.run("script", ["-qc", "true", "/dev/null"]) }
        return n
    }
    let start = await bench.measure("start to first painted frame", iterations: 20) { n in
        for _ in 0..<n { Shell.run("script", ["-qc", "\(binary.path) --exit-after-first-frame", "/dev/null"]) }
        return n
    }
    let net = (start.medianNanosPerOp - baseline.medianNanosPerOp) / 1e6
    return [Bench.report(baseline, baseline: nil), Bench.report(start, baseline: baseline),
            String(format: "  → start to first frame, less the pseudo-terminal's own start: %.1f ms", net)]
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

enum Shell {
    static func which(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @discardableResult
    static func run(_ name: String, _ arguments: [String]) -> Int32 {
        guard let path = which(name) else { return -1 }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }
}
