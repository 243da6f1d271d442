import Enrollment
import TerminalUI

/// What the screens draw for one system: its flows' screens, Home's right column and its sections of
/// the simulator panel (the shared panel draws the faults, the clock and the scenario controls
/// around them). Each system declares its entry in its folder (`PIMS/PIMSScreens.swift`, …); the
/// shell draws the routes no system owns (`Screens.shell`).
public struct SystemScreen: Sendable {
    public typealias Draw = Screens.Draw
    let system: SystemChoice
    /// Its flows' screens, by route.
    let screens: [RegisteredScreen]
    /// Home's right column (its account, lock or notifications), if it draws one.
    let homePanel: Draw?
    /// The simulator panel's left column, if it draws one.
    let simulator: Draw?
    /// A part of the panel's right column above the faults, if the system has one (PIMS's SMS inbox).
    let simulatorAboveFaults: Draw?

    public init(_ system: SystemChoice, screens: [RegisteredScreen], homePanel: Draw? = nil, simulator: Draw? = nil,
                simulatorAboveFaults: Draw? = nil) {
        self.system = system
        self.screens = screens
        self.homePanel = homePanel
        self.simulator = simulator
        self.simulatorAboveFaults = simulatorAboveFaults
    }
}

enum SystemScreens {
    /// The built-in systems' screens, one line each, as `SystemFronts.builtin` lists their fronts.
    static let builtin: [SystemScreen] = [PIMSScreens.entry, FuturaeScreens.entry, CardScreens.entry]

    /// Systems' screens registered from outside the module (a test target's), for the task that
    /// registered them and the tasks it starts.
    @TaskLocal static var added: [SystemScreen] = []

    static var registered: [SystemScreen] {
        let added = added
        return added.isEmpty ? builtin : builtin + added
    }

    static func of(_ system: SystemChoice) -> SystemScreen? { registered.first { $0.system == system } }
}
