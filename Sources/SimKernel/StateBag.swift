/// States of types the holder does not name, each under its key (a system registered from outside
/// the world's module, a feature from outside the app's). A state equal to its key's empty state is
/// not kept, so a holder that never used a key equals one that never heard of it.
public struct StateBag: Hashable, Sendable {
    private var states: [String: Entry] = [:]

    public init() {}

    public subscript<S: Hashable & Sendable>(key: StateKey<S>) -> S {
        get { states[key.id].flatMap { $0.value.base as? S } ?? key.empty }
        set { states[key.id] = newValue == key.empty ? nil : Entry(value: AnyHashable(newValue)) }
    }

    /// A state, type-erased: only ever set from a `StateKey<S>`'s `S`, which is Sendable.
    private struct Entry: Hashable, @unchecked Sendable {
        var value: AnyHashable
    }
}

/// Where one state is kept in a `StateBag`: its id, and the state before anything was kept.
public struct StateKey<S: Hashable & Sendable>: Hashable, Sendable {
    public let id: String
    public let empty: S

    public init(_ id: String, empty: S) {
        self.id = id
        self.empty = empty
    }
}
