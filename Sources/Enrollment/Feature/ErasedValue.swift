/// A value of a type the holder does not name (a registered feature's call, a system's panel
/// command), equal to another when both are of the same type and equal.
public struct ErasedValue: Hashable, Sendable {
    public let value: any Hashable & Sendable

    public init(_ value: any Hashable & Sendable) { self.value = value }

    public static func == (a: Self, b: Self) -> Bool { a.value.isSame(as: b.value) }
    public func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}

extension Hashable {
    fileprivate func isSame(as other: any Hashable) -> Bool { (other as? Self) == self }
}
