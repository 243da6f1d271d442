import PIMS

/// A named thing the user can do. `AppState.availableCommands` lists those that make sense now,
/// each with its key and a short description, so that the screens' keymap, help bar and `?`
/// overlay come from one place.
public enum Command: Hashable, Sendable {
    // Anywhere.
    case open(Route)
    case back
    case toggleHelp
    case quit
    case dismissBanner
    /// Step pacing: send the call shown.
    case sendStaged
    /// After a transport error or Esc: the same call again.
    case retry
    case toggleSendAsTyped
    case togglePacing
    /// Show or hide the focused PIN.
    case toggleMask
    /// Type the newest SMS code of the simulated phone into the code field.
    case autofillCode
    case confirm
    case decline

    // Session screen.
    case connect
    case cycleScenario
    case cycleBackendKind
    case cyclePlatform
    case cycleSDK
    case cycleVariant

    // Guided enrollment.
    case startGuided
    case chooseShortcut
    case chooseFull
    case resendSMS
    /// Step A from a blocked enrollment (asks first).
    case removeAllEnrollments
    /// Start over at step 3 (after 2390, or when the user wants to).
    case restartFromStep3

    // Account management.
    case startTask(AccountManagement.Task)

    // Steps checklist.
    case fetchSteps
    case cycleFilter
    case nextStep
    case resetStepsCache
    case chooseVehicle

    // Car key.
    case checkCarKey
    case activateCarKey

    // Simulator panel.
    case refreshWorld
    case advanceClock
    case cycleFaultTarget
    case addFault(SimulatorPanel.FaultPreset)
    case clearFaults
    case toggleProximity(ProximityPart)
    case loadScenario
    case resetScenario
    case saveScenario
}

extension Command {
    /// Commands that neither start nor change a flow, so they are taken while a call is in flight.
    var isAllowedWhileBusy: Bool {
        switch self {
        case .toggleHelp, .quit, .dismissBanner, .toggleMask, .toggleSendAsTyped, .togglePacing, .autofillCode: true
        default: false
        }
    }
}

/// The three requirements of the car key (tutorial 2-6), as the simulator toggles them.
public enum ProximityPart: String, Hashable, Sendable, CaseIterable {
    case bluetooth, paired, keyInside

    public var title: String {
        switch self {
        case .bluetooth: "Bluetooth on"
        case .paired: "phone paired"
        case .keyInside: "key inside"
        }
    }
}

/// A key as the keymap names it (one to one with TerminalUI's `Key`; `ctrl` takes the lowercase
/// letter). Printable keys go to the focused field when there is one, so the commands of a screen
/// with fields use Enter, Esc, Tab, Ctrl and function keys only.
public enum KeyHint: Hashable, Sendable, CustomStringConvertible {
    case enter, escape, tab, backTab, up, down
    case char(Character)
    case ctrl(Character)
    case function(Int)

    public var description: String {
        switch self {
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .up: "↑"
        case .down: "↓"
        case .char(let c): String(c)
        case .ctrl(let c): "^" + String(c).uppercased()
        case .function(let n): "F\(n)"
        }
    }
}

/// One entry of the help bar and the help overlay.
public struct AvailableCommand: Hashable, Sendable {
    public var key: KeyHint
    /// A word or two for the help bar: "resend".
    public var title: String
    /// One line for the help overlay.
    public var help: String
    /// What the screens send when the key is pressed.
    public var action: Action

    public init(_ key: KeyHint, _ title: String, _ help: String, _ action: Action) {
        self.key = key
        self.title = title
        self.help = help
        self.action = action
    }

    public static func command(_ key: KeyHint, _ title: String, _ help: String, _ command: Command) -> AvailableCommand {
        AvailableCommand(key, title, help, .choose(command))
    }
}
