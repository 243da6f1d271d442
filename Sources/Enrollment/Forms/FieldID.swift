import PIMS

/// What a field holds, which decides what may be typed and what is valid.
public enum FieldKind: Hashable, Sendable {
    case pin, smsCode, phone, vin, text, password, number
    /// Futurae: the SDK PIN (4 to 8 digits), the 16-digit shortcode (drawn in groups of four),
    /// the binding token (8 of A–Z and 2–9).
    case sdkPin, shortCode, bindingToken
    /// CA Strong Authentication: the user PIN (4 to 8 digits), the 8-digit activation code, an
    /// amount with its decimals (`49.99`).
    case cardPin, activationCode, amount

    /// Digits of a bounded length (codes and PINs): typing runs on into the next field.
    var movesOn: Bool { [.pin, .smsCode, .sdkPin, .cardPin, .activationCode].contains(self) }
    /// What a user types between two codes or PINs typed in one go.
    static let separators: Set<Character> = [" ", "-", "/", ",", ".", ";"]
}

/// Every field of every form, by what it means (its label and kind follow).
public enum FieldID: Hashable, Sendable {
    case scenario, remoteURL, username, password, device
    case phone, smsCode, pin, pinConfirm, oldPIN, newPIN, newPINConfirm
    case vin, advanceSeconds, savePath
    /// The simulator's fault form and its save-as question.
    case faultCode, faultSub, faultProbability, scenarioName
    /// The simulator's bookmark and restore questions.
    case bookmarkName
    case shortCode, sdkPin, sdkPinConfirm, bindingToken
    case logFilter
    case cardPin, cardPinConfirm, displayName, activationCode, merchant, amount, currency, cardNumber
    /// PIMS's remote commands' parameters (3-1) and the simulator's battery level (R46).
    case startNow, deferredTime, checkStartCharge, programs, batteryLevel

    public var label: String {
        switch self {
        case .scenario: "Scenario"
        case .remoteURL: "Server URL"
        case .username: "Username"
        case .password: "Password"
        case .device: "Device id"
        case .phone: "Phone number"
        case .smsCode: "SMS code"
        case .pin: "PIN"
        case .pinConfirm: "PIN again"
        case .oldPIN: "Current PIN"
        case .newPIN: "New PIN"
        case .newPINConfirm: "New PIN again"
        case .vin: "VIN"
        case .advanceSeconds: "Seconds"
        case .savePath: "Save as"
        case .faultCode: "Error code"
        case .faultSub: "Sub-API"
        case .faultProbability: "Probability"
        case .scenarioName: "Scenario name"
        case .bookmarkName: "Bookmark"
        case .shortCode: "Shortcode"
        case .sdkPin: "SDK PIN"
        case .sdkPinConfirm: "SDK PIN again"
        case .bindingToken: "Binding token"
        case .logFilter: "Filter"
        case .cardPin: "PIN"
        case .cardPinConfirm: "PIN again"
        case .displayName: "Display name"
        case .activationCode: "Activation code"
        case .merchant: "Merchant"
        case .amount: "Amount"
        case .currency: "Currency"
        case .cardNumber: "Card"
        case .startNow: "startNow"
        case .deferredTime: "deferredTime"
        case .checkStartCharge: "checkStartCharge"
        case .programs: "programs"
        case .batteryLevel: "Battery %"
        }
    }

    public var kind: FieldKind {
        switch self {
        case .scenario, .remoteURL, .username, .device, .savePath, .faultCode, .faultSub, .faultProbability, .scenarioName, .bookmarkName, .logFilter: .text
        case .password: .password
        case .phone: .phone
        case .smsCode: .smsCode
        case .pin, .pinConfirm, .oldPIN, .newPIN, .newPINConfirm: .pin
        case .vin: .vin
        case .advanceSeconds: .number
        case .shortCode: .shortCode
        case .sdkPin, .sdkPinConfirm: .sdkPin
        case .bindingToken: .bindingToken
        case .cardPin, .cardPinConfirm: .cardPin
        case .activationCode: .activationCode
        case .amount: .amount
        case .displayName, .merchant, .currency, .cardNumber: .text
        case .startNow, .deferredTime, .checkStartCharge, .programs, .batteryLevel: .text
        }
    }
}
