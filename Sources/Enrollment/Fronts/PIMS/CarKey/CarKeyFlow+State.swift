import PIMS

extension CarKeyFlow {
    public struct State: Hashable, Sendable {
        public var vin: String?
        /// The vehicle list selection.
        public var selection = 0
        /// The VIN the session selected (R23 succeeded).
        public var selectedVIN: String?
        public var isVerified: Bool?
        public var cvsStatus: String?
        public var maxReactivationDate: String?
        /// The activation answer.
        public var securityCode: String?
        public var securityExpiration: String?
        /// The last proximity error (2341, 2342, 2354), shown with what to fix.
        public var proximityError: ErrorCode?
        public var message: String?
        /// The row after the account's vehicles: a VIN typed by hand (another account's: 2366, R23).
        public var typingVIN = false
        public var vinForm = Form([.vin])
        /// Activated for the checklist: the security code stays on screen until Enter returns.
        public var returnsToChecklist = false

        public init() {}
    }

    /// The tutorial's requirements and calls, for the screen.
    public static let explanation = [
        "Needs the phone connected to the vehicle by Bluetooth, the keys at hand, and the user inside.",
        "set pims.vehicle.vin selects the vehicle; get pims.vehicle.carkey checks; set pims.vehicle.carkey activates (once).",
    ]
}
