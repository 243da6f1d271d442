import Enrollment
import Foundation
import SimKernel
import Screens
import TerminalUI
import Walk

/// The front without a terminal: a store on a backend, fed keys through the app's keymap, each
/// key's effects settled before the next. A walk plays through it (answered by the walk), and tours
/// and tests record through it (answered by a world).
public final class HeadlessFront {
    private let store: Store
    public var size: Size
    public private(set) var state: AppState

    public init(config: SessionConfig, size: Size, backend: any SimBackend, clock: any RuntimeClock,
                tap: @escaping @Sendable (StoreTap) -> Void = { _ in }) async {
        store = Store(state: AppState(config: config), connector: { _ in .success(Store.Opened(backend)) }, clock: clock, tap: tap)
        self.size = size
        state = await store.state
    }

    /// What the screen shows now.
    public var frame: Frame { Screens.render(state, size: size, tick: 0) }

    /// The text of a region of the screen now, as an expectation reads it: the whole screen, its
    /// title line, or the banner (code · label, detail, next action; empty when none is shown).
    public func text(of region: WalkExpectation.Region) -> String {
        switch region {
        case .screen: return frame.textSnapshot
        case .title: return frame.line(0).trimmingCharacters(in: .whitespaces)
        case .banner:
            guard let notice = state.notice else { return "" }
            return [notice.title, notice.detail, notice.advice.isEmpty ? nil : notice.advice].compactMap { $0 }.joined(separator: "\n")
        }
    }

    /// A key, as the terminal loop handles it; false when nothing here binds it.
    @discardableResult
    public func press(_ key: Key) async -> Bool {
        guard case .send(let action)? = AppKeymap.command(for: key, in: state, size: size) else { return false }
        await send(action)
        return true
    }

    /// Takes in what arrived on its own since (events and the refreshes they started).
    public func refresh() async {
        await store.settle()
        state = await store.state
    }

    public func send(_ action: Action) async {
        await store.send(action)
        await store.settle()
        state = await store.state
    }
}
