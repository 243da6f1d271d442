import PIMS

/// The car key (tutorial 2-6): select the VIN, check the status, activate.
public struct CarKeyFlow: Hashable, Sendable {
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
    public var proximityError: Int?
    public var message: String?

    public init() {}

    /// The tutorial's requirements and calls, for the screen.
    public static let explanation = [
        "Needs the phone connected to the vehicle by Bluetooth, the keys at hand, and the user inside.",
        "set pims.vehicle.vin selects the vehicle; get pims.vehicle.carkey checks; set pims.vehicle.carkey activates (once).",
    ]

    /// The three requirements of the tutorial, and which one the last error names.
    public static func proximityProblem(_ code: Int) -> String? {
        switch code {
        case 2341: "Bluetooth is off on the phone."
        case 2342: "The phone is not paired with the vehicle."
        case 2354: "The key is not inside the vehicle."
        default: nil
        }
    }
}
