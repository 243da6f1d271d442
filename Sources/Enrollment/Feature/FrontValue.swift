import SimKernel
import Synchronization

/// A value of one system front's own kind, carried by the shell without knowing its type: the
/// front's part of `Shared` (what its flows read of the app) and its own outcomes (PIMS reading its
/// account again). The front that made it reads it back with `as(_:)`.
public struct FrontValue: Hashable, Sendable {
    private let source: Source

    private enum Source: Sendable {
        case made(any Hashable & Sendable)
        case later(Later)
    }

    public init(_ value: some Hashable & Sendable) { source = .made(value) }

    /// A value made when it is first read, once. `Shared` is built for every action and every
    /// question a key asks (its keys, its form, a confirmation); most of them never read the
    /// front's part, so the front hands over what it is made of, not the part itself.
    public init(lazy make: @escaping @Sendable () -> any Hashable & Sendable) { source = .later(Later(make)) }

    public var value: any Hashable & Sendable {
        switch source {
        case .made(let value): value
        case .later(let later): later.value
        }
    }

    /// The value, when it is of this front's kind.
    public func `as`<T>(_ type: T.Type) -> T? { value as? T }

    public static func == (a: FrontValue, b: FrontValue) -> Bool { AnyHashable(a.value) == AnyHashable(b.value) }
    public func hash(into hasher: inout Hasher) { AnyHashable(value).hash(into: &hasher) }

    /// A value made on first read and kept (copies of the `FrontValue` share it).
    private final class Later: Sendable {
        private let make: @Sendable () -> any Hashable & Sendable
        private let made = Mutex<(any Hashable & Sendable)?>(nil)

        init(_ make: @escaping @Sendable () -> any Hashable & Sendable) { self.make = make }

        var value: any Hashable & Sendable {
            made.withLock { made in
                if let made { return made }
                let value = make()
                made = value
                return value
            }
        }
    }
}
