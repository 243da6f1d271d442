/// States of types the holder does not name, each under its key (a system registered from outside
/// the world's module, a feature from outside the app's). A state equal to its key's empty state
/// counts as not kept, so a holder that never used a key equals one that never heard of it.
public struct StateBag: Hashable, Sendable {
    @usableFromInline var states: [String: any KeptState] = [:]

    public init() {}

    // Inlinable so that each caller's `S` is specialized: a read is a lookup and a class cast, a
    // write one allocation, with no comparison (the app reads and writes states on every key).
    @inlinable
    public subscript<S: Hashable & Sendable>(key: StateKey<S>) -> S {
        get { (states[key.id] as? Kept<S>)?.value ?? key.empty }
        set { states[key.id] = Kept(newValue, empty: key.empty) }
    }

    public static func == (a: StateBag, b: StateBag) -> Bool {
        for (id, kept) in a.states {
            guard let other = b.states[id] else {
                if !kept.isEmpty { return false }
                continue
            }
            if !kept.isEqual(to: other) { return false }
        }
        return b.states.allSatisfy { id, kept in a.states[id] != nil || kept.isEmpty }
    }

    /// The states that are not empty, by key: what equal bags share.
    public func hash(into hasher: inout Hasher) {
        for (id, kept) in states.sorted(by: { $0.key < $1.key }) where !kept.isEmpty {
            hasher.combine(id)
            kept.hash(into: &hasher)
        }
    }
}

/// One kept state, its type erased.
@usableFromInline protocol KeptState: Sendable {
    var isEmpty: Bool { get }
    func isEqual(to other: any KeptState) -> Bool
    func hash(into hasher: inout Hasher)
}

@usableFromInline final class Kept<S: Hashable & Sendable>: KeptState {
    @usableFromInline let value: S
    @usableFromInline let empty: S

    @inlinable init(_ value: S, empty: S) {
        self.value = value
        self.empty = empty
    }

    @usableFromInline var isEmpty: Bool { value == empty }
    @usableFromInline func isEqual(to other: any KeptState) -> Bool { (other as? Kept<S>)?.value == value }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
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
