/// A command of one system's own on the simulator panel (Futurae's new activation, Card's issuer,
/// PIMS's proximity): the panel carries it, and the system's front says what it sends
/// (`SystemFront.simulatorCommand`) and what its answer shows (`simulatorAnswered`). The shared panel
/// names no system's command.
public struct SystemPanelCommand: Hashable, Sendable, CustomStringConvertible {
    public let system: SystemChoice
    public let command: ErasedValue

    public init<C: Hashable & Sendable>(_ system: SystemChoice, _ command: C) {
        self.system = system
        self.command = ErasedValue(command)
    }

    /// The command, when it is of type `C`.
    public func command<C: Hashable & Sendable>(as type: C.Type) -> C? { command.value as? C }

    public var description: String { "\(system) \(command.value)" }
}

/// A field of a system's own on the panel (Card's card), with the value it starts with.
public struct SimulatorField: Hashable, Sendable {
    public var id: FieldID
    public var initial: String

    public init(_ id: FieldID, initial: String) {
        self.id = id
        self.initial = initial
    }
}
