import Foundation
import SimKernel

/// The device platform of a session: the iOS SDK requires the SMS code at step 7/8 (R11), Android's
/// ignores it.
public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    case ios, android
}

/// Where the public documents disagree, `tutorial` (the default) follows the tutorials and
/// `reference` follows the API reference (R2 spelling, R3 without phone).
public enum SpecVariant: String, Sendable, Hashable, Codable, CaseIterable {
    case tutorial, reference
}

/// An SDK version, `2.0` … `2.3`: 2.0 spells the phone step `trustedPhone`; the shortcut needs 2.1.
public struct SDKVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    public static let v2_0 = SDKVersion(major: 2, minor: 0)
    public static let v2_1 = SDKVersion(major: 2, minor: 1)
    public static let v2_2 = SDKVersion(major: 2, minor: 2)
    public static let v2_3 = SDKVersion(major: 2, minor: 3)
    public static let supported: [SDKVersion] = [.v2_0, .v2_1, .v2_2, .v2_3]
    private static let canonical = Dictionary(uniqueKeysWithValues: supported.map { ($0.description, $0) })

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Accepts the supported versions only ("2.0" … "2.3").
    public init?(_ text: String) {
        // The canonical spellings first: settings hold them, and every call reads its session's version.
        if let v = Self.canonical[text] {
            self = v
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
        let v = SDKVersion(major: a, minor: b)
        guard SDKVersion.supported.contains(v) else { return nil }
        self = v
    }

    public var description: String { "\(major).\(minor)" }
    public static func < (a: SDKVersion, b: SDKVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s: String
        if let d = try? c.decode(Double.self) { s = String(format: "%.1f", d) } else { s = try c.decode(String.self) }
        guard let v = SDKVersion(s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not a supported SDK version (2.0, 2.1, 2.2, 2.3)")
        }
        self = v
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// PIMS's session options: the platform, the SDK version and the spec variant of the device's SDK.
extension SessionSettings {
    public init(device: String, platform: Platform = .ios, sdk: SDKVersion = .v2_3, variant: SpecVariant = .tutorial) {
        self.init(device: device, options: [:])
        self.platform = platform
        self.sdk = sdk
        self.variant = variant
    }

    public var platform: Platform {
        get { options["platform"]?.stringValue.flatMap(Platform.init(rawValue:)) ?? .ios }
        set { options["platform"] = .string(newValue.rawValue) }
    }
    public var sdk: SDKVersion {
        get { options["sdk"]?.stringValue.flatMap(SDKVersion.init) ?? .v2_3 }
        set { options["sdk"] = .string(newValue.description) }
    }
    public var variant: SpecVariant {
        get { options["variant"]?.stringValue.flatMap(SpecVariant.init(rawValue:)) ?? .tutorial }
        set { options["variant"] = .string(newValue.rawValue) }
    }

    /// The options PIMS reads, as `SimSystem.sessionOptions` declares them. A version written as a
    /// number (`sdk: 2.0` in YAML) is the same version. Their defaults are written out, as scenario
    /// files have always had them.
    static let pimsOptions: [SessionOption] = [
        .oneOf("platform", Platform.allCases.map(\.rawValue), written: "ios"),
        SessionOption("sdk", allowed: spelled(SDKVersion.supported.map(\.description)), written: "2.3") { v in
            let text: String? = switch v {
            case .string(let s): s
            case .double(let d): String(format: "%.1f", d)
            case .int(let i): "\(i).0"
            default: nil
            }
            return text.flatMap(SDKVersion.init).map { .string($0.description) }
        },
        .oneOf("variant", SpecVariant.allCases.map(\.rawValue), written: "tutorial"),
    ]
}
