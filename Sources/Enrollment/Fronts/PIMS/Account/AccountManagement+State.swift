extension AccountManagement {
    public enum Stage: Hashable, Sendable {
        /// The menu of tasks.
        case menu
        /// The precondition checks of the task are running.
        case checking
        /// The task's form (or the VIN choice for E).
        case input
        /// B and D: the SMS was sent, the code is awaited.
        case code
        /// A and E: the user must confirm.
        case confirm
        /// The task succeeded.
        case done
    }

    public struct State: Hashable, Sendable {
        public var task: Task?
        public var stage: Stage = .menu
        /// The menu selection (tasks), or the vehicle selection for E.
        public var selection = 0
        public var form = Form([])
        /// Whether the precondition was met, as the checks found it (nil: not checked).
        public var preconditionMet: Bool?
        /// What the checks found, in words ("this device is not enrolled: B needs an active enrollment").
        public var preconditionNote: String?
        /// The flow's own line: the outcome, or why it stopped.
        public var message: String?

        public init() {}

        mutating func moveSelection(_ delta: Int, vehicles: Int) {
            func moved(_ i: Int, _ count: Int) -> Int { count == 0 ? 0 : min(max(i + delta, 0), count - 1) }
            if task == .removeVehicle && stage == .input {
                // The account's vehicles, then "another VIN" (typed: one not of the account answers 2323, R18).
                selection = moved(selection, vehicles + 1)
                form = selection == vehicles ? Form([.vin]) : Form([])
            } else if stage == .menu {
                selection = moved(selection, Task.allCases.count)
            }
        }
    }
}
