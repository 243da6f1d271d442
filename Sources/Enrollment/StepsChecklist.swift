import PIMS

/// The service activation steps checklist (seed 001).
public struct StepsChecklist: Hashable, Sendable {
    /// One step of the answer, as the backend names it (2.0 says `trustedPhone`).
    public struct Item: Hashable, Sendable {
        public var name: String
        public var status: String
        public var order: Int
        public var isTodo: Bool { status == "todo" }

        /// Which flow resolves this step.
        public var flow: Route? {
            switch name {
            case "trusterPhoneNumber", "trustedPhone": .guided
            case "deviceActivation": .guided
            case "mediumCarKey": .carKey
            default: nil
            }
        }

        public var explanation: String {
            switch name {
            case "trusterPhoneNumber", "trustedPhone": "A trusted phone on the account (enrollment step 4·2)."
            case "deviceActivation": "This device enrolled (guided enrollment, steps 1–8)."
            case "mediumCarKey": "The car key activated inside the vehicle."
            default: "A step this app does not know."
            }
        }
    }

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
    /// The flow a chosen `todo` step started; the checklist is refreshed when it ends.
    public var resolving: String?
    public var message: String?

    public init() {}
}
