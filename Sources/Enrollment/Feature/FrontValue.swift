import SimKernel

/// A value of one system front's own kind, carried by the shell without knowing its type: the
/// front's part of `Shared` (what its flows read of the app) and its own outcomes (PIMS reading its
/// account again). The front that made it reads it back with `as(_:)`.
public struct FrontValue: Hashable, Sendable {
    public let value: any Hashable & Sendable

    public init(_ value: some Hashable & Sendable) { self.value = value }

    /// The value, when it is of this front's kind.
    public func `as`<T>(_ type: T.Type) -> T? { value as? T }

    public static func == (a: FrontValue, b: FrontValue) -> Bool { AnyHashable(a.value) == AnyHashable(b.value) }
    public func hash(into hasher: inout Hasher) { AnyHashable(value).hash(into: &hasher) }
}
