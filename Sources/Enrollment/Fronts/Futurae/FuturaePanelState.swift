import Futurae
import SimKernel

/// Futurae's part of the simulator panel, kept per front in the panel's `systems`: the back
/// office's activations, with their status as of the panel's clock.
public struct FuturaePanelState: Hashable, Sendable {
    public var activations: [BackOfficeActivation] = []

    public init() {}

    static let key = StateKey("futurae", empty: FuturaePanelState())
}

extension SimulatorPanel.State {
    public var futurae: FuturaePanelState {
        get { systems[FuturaePanelState.key] }
        set { systems[FuturaePanelState.key] = newValue }
    }
    public var activations: [BackOfficeActivation] {
        get { futurae.activations }
        set { futurae.activations = newValue }
    }
}
