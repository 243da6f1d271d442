import PIMS

/// What a field holds, which decides what may be typed and what is valid.
public enum FieldKind: Hashable, Sendable {
    case pin, smsCode, phone, vin, text, password, number
}

/// Every field of every form, by what it means (its label and kind follow).
public enum FieldID: Hashable, Sendable {
    case scenario, remoteURL, username, password, device
    case phone, smsCode, pin, pinConfirm, oldPIN, newPIN, newPINConfirm
    case vin, advanceSeconds, savePath

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
        }
    }

    public var kind: FieldKind {
        switch self {
        case .scenario, .remoteURL, .username, .device, .savePath: .text
        case .password: .password
        case .phone: .phone
        case .smsCode: .smsCode
        case .pin, .pinConfirm, .oldPIN, .newPIN, .newPINConfirm: .pin
        case .vin: .vin
        case .advanceSeconds: .number
        }
    }
}

/// One text field: its value as typed, and what is wrong with it right now (validation as you type).
public struct TextField: Hashable, Sendable {
    public var id: FieldID
    public var value: String
    /// Why the value cannot be sent as it is (nil when it can), or why the last key was refused.
    public var message: String?
    /// PIN and password fields are masked unless the user asks to see them.
    public var masked: Bool

    public init(_ id: FieldID, value: String = "", message: String? = nil) {
        self.id = id
        self.value = value
        self.message = message
        self.masked = id.kind == .pin || id.kind == .password
    }

    public var kind: FieldKind { id.kind }
    public var label: String { id.label }
    /// What the screens draw: bullets for a masked field.
    public var display: String { masked ? String(repeating: "•", count: value.count) : value }
}
