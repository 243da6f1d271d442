import SimKernel

extension SimulatorPanel {
    public enum Action: FeatureAction {
        case opened, submit, cancel
        case moveSelection(Int)
        /// Read the account and the inbox again.
        case refresh
        case advanceClock
        case cycleFaultTarget
        /// One of the front's presets (F2–F5) on the target.
        case addFault(FaultPreset)
        /// A command of the session's system's own (its front's `simulatorKeys`): its front reduces it.
        case system(SystemPanelCommand)
        /// Open the fault form: any code of the contract, a sub-API, a probability.
        case openFaultForm
        /// Ask the saved scenario's name, then export the world under it.
        case askSaveAs
        /// Ask a bookmark's name, then keep the world as it is now under it.
        case askBookmark
        /// Ask which bookmark, then bring the world back to it.
        case askRestore
        case clearFaults
        case loadScenario, resetScenario
        /// The answer of one of the panel's controls.
        case answered(Control, SimAnswer)
        case fileSaved(path: String, error: String?)
        /// The fault rules now in force on the backend (an event: one added, cleared or used up).
        case faultsChanged([FaultRule])
        /// The system's own part changed elsewhere (an event): read it again.
        case backOfficeChanged
        /// The world was loaded or reset, by anyone (an event).
        case worldReloaded(scenario: String?)
    }

    /// The panel's controls, as their answers come back.
    public enum Control: Hashable, Sendable {
        case advance
        case fault(FaultRule)
        case clearFaults
        /// Read the rules in force.
        case faults
        /// A command of a system's own: its front reads the answer.
        case system(SystemPanelCommand)
        case load(String)
        case reset
        case export(path: String, name: String)
        case bookmark(String)
        case restore(String)
    }

    public enum Delegate: Hashable, Sendable {
        /// The backend's PIN and SMS policy, as the account answer reported it.
        case policyRead(PINPolicy)
        /// A loaded or reset world has its own sessions: this device's must be opened again.
        case worldReplaced
        /// Write the exported scenario.
        case save(path: String, contents: String)
        /// Something of the system front's own, done by the front (`SystemFront.perform`): PIMS's
        /// vehicle control answered, the car as the simulator has it now (the Vehicle screen shows it too).
        case front(FrontValue)
    }
}
