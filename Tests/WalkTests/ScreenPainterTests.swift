import Enrollment
import EnrollsimAssets
import Foundation
import Screens
import Synchronization
import Testing
import TerminalUI
import Walk
import WalkPlayer

/// The terminal loop's painter (issue 39 item 4) keeps a keymap until its inputs change and puts
/// back the title bar, the banner and the help bar when what they show did not change. Over every
/// state the kept walks pass through (the calls in flight too, as the store reported them), in
/// every system, at two sizes and with the size changing, with modes toggled in between: its
/// keymap is the one built fresh and its frame the one rendered whole.
@Suite struct ScreenPainterTests {
    /// Every state the store reported while the walk was played, with the terminal's size then.
    static func states(of walk: Walk) async -> [(state: AppState, size: Size)] {
        let seen = Mutex<[AppState]>([])
        let clock = PlaybackClock()
        let backend = PlaybackBackend(walk, clock: clock)
        let store = Store(state: AppState(config: SessionConfig(walkFields: walk.header.session)),
                          connector: { _ in .success(Store.Opened(backend)) }, clock: clock,
                          observe: { state in seen.withLock { $0.append(state) } })
        var size = Size(width: walk.header.width, height: walk.header.height)
        var states: [(state: AppState, size: Size)] = [(await store.state, size)]
        for entry in walk.entries {
            switch entry.what {
            case .key(let name):
                guard let key = Key(walkName: name),
                      case .send(let action)? = AppKeymap.command(for: key, in: await store.state, size: size) else { continue }
                await store.send(action)
            case .paste(let text): await store.send(.pasted(text))
            case .resize(let w, let h): size = Size(width: w, height: h)
            case .event(let event): await store.send(.event(event))
            case .step, .world, .call, .control, .expect: continue
            }
            await store.settle()
            states += seen.withLock { observed in
                defer { observed = [] }
                return observed.map { ($0, size) }
            }
        }
        return states
    }

    /// The kept walks' states one after another (a system switch between walks), each followed by
    /// the same state with a mode changed (the help open, the quit question, a field edited) when
    /// `every` divides its index.
    static func allStates(modesEvery every: Int = 1) async throws -> [(state: AppState, size: Size)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: EnrollsimAssets.walksDirectory.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 7)
        var all: [(state: AppState, size: Size)] = []
        for file in files {
            let walk = try Walk.read(path: EnrollsimAssets.walksDirectory.appendingPathComponent(file).path)
            for (i, (state, size)) in await states(of: walk).enumerated() {
                all.append((state, size))
                guard i % every == 0 else { continue }
                var help = state
                help.showHelp.toggle()
                var quitting = state
                quitting.confirmingQuit.toggle()
                var editing = state
                editing.editing.toggle()
                all += [(help, size), (quitting, size), (editing, size), (state, size)]
            }
        }
        return all
    }

    @Test func theMemoisedKeymapIsTheFreshOneInEveryState() async throws {
        let states = try await Self.allStates()
        var memo = KeymapMemo()
        var modes = Set<String>()
        for (i, (state, _)) in states.enumerated() {
            let fresh = AppKeymap.keymap(for: state, helpTexts: false)
            let kept = memo.keymap(for: state)
            #expect(kept.bindings == fresh.bindings, "state \(i): \(state.route.title)")
            if kept.bindings != fresh.bindings { return }
            modes.insert("\(state.route.title) \(state.inFlight != nil) \(state.editingField != nil) \(state.showHelp) \(state.session.config.system)")
        }
        // The walks reach screens of every system, with calls in flight and fields edited.
        #expect(states.contains { $0.state.inFlight != nil })
        #expect(states.contains { $0.state.editingField != nil })
        #expect(Set(states.map { "\($0.state.session.config.system)" }).count == 3)
        #expect(modes.count > 40)
    }

    @Test func thePaintedFrameIsTheWholeRenderInEveryState() async throws {
        let states = try await Self.allStates(modesEvery: 8)
        // One painter at the walks' sizes, one at 120×40, one whose size changes every frame.
        let recorded = ScreenPainter(), large = ScreenPainter(), resized = ScreenPainter()
        for (i, (state, size)) in states.enumerated() {
            let keymap = AppKeymap.keymap(for: state, helpTexts: false)
            let tick = i % 7  // the spinner turns while a call is in flight
            for (painter, size) in [(recorded, size), (large, Size(width: 120, height: 40)),
                                    (resized, i % 2 == 0 ? size : Size(width: 100, height: 30))] {
                let painted = painter.render(state, size: size, tick: tick, keymap: painter.keymap(for: state))
                let whole = Screens.render(state, size: size, tick: tick, keymap: keymap)
                #expect(painted == whole, "state \(i): \(state.route.title) at \(size.width)×\(size.height)\n\(painted.textSnapshot)\n\(whole.textSnapshot)")
                if painted != whole { return }
            }
        }
    }
}
