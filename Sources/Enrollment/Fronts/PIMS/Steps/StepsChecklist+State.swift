import PIMS

extension StepsChecklist {
    /// What a step needs, and so which flow of this app does it.
    public enum Need: Hashable, Sendable {
        /// A trusted phone (enrollment step 4·2).
        case trustedPhone
        /// This device enrolled (the guided enrollment).
        case deviceActivation
        /// The car key activated.
        case mediumCarKey
    }

    /// One step of the answer, as the backend names it (2.0 says `trustedPhone`).
    public struct Item: Hashable, Sendable {
        public var name: String
        public var status: String
        public var order: Int
        public var isTodo: Bool { status == StepsFilter.todo.rawValue }

        public init(name: String, status: String, order: Int) {
            self.name = name
            self.status = status
            self.order = order
        }

        /// What the step needs, when this app knows the step.
        public var need: Need? {
            switch ServiceStep(named: name) {
            case .trusterPhoneNumber: .trustedPhone
            case .deviceActivation: .deviceActivation
            case .mediumCarKey: .mediumCarKey
            case nil: nil
            }
        }

        /// Whether the step is done in the world as the simulator reads it now (nil: not known).
        /// A step the backend reports `alreadyDone` that is not done now is the cache speaking (R19).
        public func isDoneLive(account: AccountSnapshot?, device: String, vin: String?) -> Bool? {
            guard let account else { return nil }
            switch need {
            case .trustedPhone: return account.phone != nil
            case .deviceActivation: return account.enrolledDevices.contains(device)
            case .mediumCarKey: return account.vehicles.first { $0.vin == vin }?.carKeyActivated
            case nil: return nil
            }
        }

        public var explanation: String {
            switch need {
            case .trustedPhone: "A trusted phone on the account (enrollment step 4·2)."
            case .deviceActivation: "This device enrolled (guided enrollment, steps 1–8)."
            case .mediumCarKey: "The car key activated inside the vehicle."
            case nil: "A step this app does not know."
            }
        }
    }

    public struct State: Hashable, Sendable {
        /// The vehicle chosen (the VIN, and the carAssociationID the first request needs).
        public var vin: String?
        public var carAssociationID: String?
        /// The selection in the vehicle list (before a vehicle is chosen) or in the items.
        public var selection = 0
        /// From the first answer; later requests use it (R20).
        public var stepsID: Int?
        public var filter: StepsFilter = .all
        public var items: [Item] = []
        /// The answer of `pims.subscription.step`: a name, "none left", or nil when not asked.
        public var nextStep: String?
        /// The `todo` step whose flow is running; the checklist is refreshed when it comes back.
        public var resolving: Item?
        public var message: String?
        /// The list was asked again by a key (`l`, `b`): its answer says what changed. A list asked
        /// after a flow came back keeps that flow's message.
        var listedByKey = false

        public init() {}

        /// A step reported `alreadyDone` from the steps cache while the live account (as the simulator
        /// last read it) says it is not done: R19's trap, shown as such.
        public func isCachedOnly(_ item: Item, account: AccountSnapshot?, device: String) -> Bool {
            item.status == StepsFilter.alreadyDone.rawValue && item.isDoneLive(account: account, device: device, vin: vin) == false
        }
    }
}
