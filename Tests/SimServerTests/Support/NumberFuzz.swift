import Foundation
import SimKernel
import SimWorld
import Yams

/// Every numeric field of the scenario format, found in the worlds the built-in scenarios export
/// (with fault rules and a bookmark added, so their fields are there too), and a scenario text with
/// one of them written at a limit of its type. A field is a path with list indexes left out
/// (`accounts.*.pinFailures`): each is mutated once, in the first world that has it.
enum NumberFuzz {
    /// The limits of a field's type: 0, -1, Int64.min, Int64.max, 2^53, and the largest whole
    /// number read (2^53 − 1).
    static let limits = ["0", "-1", "-9223372036854775808", "9223372036854775807", "9007199254740992", "9007199254740991"]

    struct Field: Sendable {
        /// `accounts.*.pinFailures`.
        let path: String
        /// The key it is written under (for a list item, the list's).
        let key: String
        /// 1-based, in `yaml`.
        let line: Int
        let column: Int
        let text: String
        /// The exported world it was found in.
        let yaml: String
    }

    struct Mutation: Sendable, CustomStringConvertible {
        let field: Field
        let value: String
        let yaml: String
        var label: String { "\(field.path) = \(value)" }
        /// Short in a failed expectation: the field and the value, not the whole text.
        var description: String { "\(label) (line \(field.line))" }
    }

    /// What each base world runs before its export: fault rules (with `times`, `probability` and
    /// `latencyMs`), a bookmark, and calls that leave SMS, login failures and transactions behind.
    static let preparation = [
        #"{"sim": "fault", "name": "pims.authentication.trustedphonenumber", "code": 2201, "times": 2, "latencyMs": 5}"#,
        #"{"sim": "fault", "name": "pims.authentication.account", "latencyMs": 5, "probability": 0.5}"#,
        #"{"type": "get", "name": "pims.authentication.smscode", "params": {"type": "phoneNumberCertification", "phoneNumber": "0612345678"}}"#,
        #"{"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "wrong"}}"#,
        #"{"sim": "casa.purchase", "card": "8888", "merchant": "Acme Shoes", "amount": 12950, "currency": "EUR"}"#,
        #"{"sim": "futurae.activation", "user": "bob@example.com", "shortCode": false, "binding": true}"#,
        #"{"sim": "bookmark", "name": "mark"}"#,
    ]

    /// Calls of every system, then time moving on and an export: what a loaded world is put through.
    static let workload = [
        #"{"type": "get", "name": "pims.authentication.smscode", "params": {"type": "phoneNumberCertification", "phoneNumber": "0612345678"}}"#,
        #"{"type": "set", "name": "pims.authentication.enrollment", "params": {"action": "enrollWithPhoneNumber", "pinCode": "1234", "smsCode": "0000", "phoneNumber": "0612345678"}}"#,
        #"{"type": "set", "name": "pims.authentication.user", "params": {"action": "login", "username": "alice@example.com", "password": "alice-pass"}}"#,
        #"{"type": "get", "name": "pims.authentication.account", "params": {"actionType": "strong", "type": "isDeviceActivated"}}"#,
        #"{"type": "get", "name": "pims.authentication.otp", "params": {"action": "withPin", "pinCode": "1234"}}"#,
        #"{"type": "get", "name": "pims.authentication.otp", "params": {"action": "withPin", "pinCode": "9999"}}"#,
        #"{"type": "get", "name": "pims.authentication.trustedphonenumber"}"#,
        #"{"type": "get", "name": "pims.subscription.steps", "params": {"carAssociationID": "987654"}}"#,
        #"{"type": "set", "name": "pims.vehicle.vin", "params": {"actionType": "remote", "vin": "VR1AB12C3D4567890"}}"#,
        #"{"type": "subscribe", "name": "pims.vehicle.signal"}"#,
        #"{"type": "set", "name": "pims.vehicle.command", "params": {"action": "doors", "doorState": "unlock"}}"#,
        #"{"type": "set", "name": "pims.vehicle.command", "params": {"action": "charge", "chargeState": "start"}}"#,
        #"{"type": "get", "name": "pims.vehicle.informations", "params": {"actionType": "remote", "action": "get"}}"#,
        #"{"type": "get", "name": "pims.vehicle.carkey"}"#,
        #"{"sim": "casa.purchase", "card": "8888", "merchant": "Acme Shoes", "amount": 12950, "currency": "EUR"}"#,
        #"{"type": "call", "name": "casa.getTransaction"}"#,
        #"{"type": "call", "name": "casa.verifyPIN", "params": {"pin": "0000", "transactionId": "D60945AF07648C0A", "autoEnrollId": "7c3e91a04bd25f68e0a1"}}"#,
        #"{"type": "call", "name": "casa.getAllEnrolledAccounts"}"#,
        #"{"sim": "casa.pushes"}"#,
        #"{"sim": "futurae.activations"}"#,
        #"{"type": "call", "name": "futurae.unlock", "params": {"method": "sdkPin", "sdkPin": "0000"}}"#,
        #"{"type": "call", "name": "futurae.unlock", "params": {"method": "biometrics", "outcome": "success"}}"#,
        #"{"type": "call", "name": "futurae.lock"}"#,
        #"{"sim": "events", "session": "default"}"#,
        #"{"sim": "advance", "seconds": 3600}"#,
        #"{"type": "get", "name": "pims.vehicle.informations", "params": {"actionType": "remote", "action": "get"}}"#,
        #"{"sim": "advance", "seconds": 86400}"#,
        #"{"sim": "restore", "name": "mark"}"#,
        #"{"sim": "export"}"#,
    ]

    /// The built-in scenarios' names, from the repository's Assets.
    static var builtins: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Each built-in, prepared and exported.
    static func baseWorlds() async throws -> [String] {
        var worlds: [String] = []
        for name in builtins {
            var session = BatchSession(backend: try InProcessBackend(scenario: name, honoursLatency: false), checkControl: World.check)
            for line in preparation { _ = await session.answer(line) }
            let answer = try JSONText.parse(try require(await session.answer(#"{"sim": "export"}"#)))
            worlds.append(try require(answer["scenario"]?.stringValue))
        }
        return worlds
    }

    /// Every numeric field, once each.
    static func fields() async throws -> [Field] {
        var seen = Set<String>()
        var fields: [Field] = []
        for yaml in try await baseWorlds() {
            guard let node = try Yams.compose(yaml: yaml) else { continue }
            collect(node, path: [], key: "", yaml: yaml) { field in
                if seen.insert(field.path).inserted { fields.append(field) }
            }
        }
        return fields
    }

    private static func collect(_ node: Node, path: [String], key: String, yaml: String, _ found: (Field) -> Void) {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain, isNumber(scalar.string), let mark = node.mark else { return }
            found(Field(path: path.joined(separator: "."), key: key, line: mark.line, column: mark.column, text: scalar.string, yaml: yaml))
        case .mapping(let mapping):
            for (k, v) in mapping { if let name = k.string { collect(v, path: path + [name], key: name, yaml: yaml, found) } }
        case .sequence(let sequence):
            for item in sequence { collect(item, path: path + ["*"], key: key, yaml: yaml, found) }
        default:
            break
        }
    }

    private static func isNumber(_ text: String) -> Bool {
        Int(text) != nil || UInt64(text) != nil || (Double(text) != nil && text.contains(where: \.isNumber))
    }

    /// The field's world with its value replaced by `value`, on the same line.
    static func mutation(_ field: Field, _ value: String) -> Mutation {
        var lines = field.yaml.components(separatedBy: "\n")
        let line = Array(lines[field.line - 1].utf8)
        let start = field.column - 1
        precondition(Array(line[start..<(start + field.text.utf8.count)]) == Array(field.text.utf8), "\(field.path) is not where Yams said")
        lines[field.line - 1] = String(decoding: line[..<start], as: UTF8.self) + value
            + String(decoding: line[(start + field.text.utf8.count)...], as: UTF8.self)
        return Mutation(field: field, value: value, yaml: lines.joined(separator: "\n"))
    }

    /// Every field at every limit (the values it already has left out).
    static func mutations() async throws -> [Mutation] {
        try await fields().flatMap { field in limits.filter { $0 != field.text }.map { mutation(field, $0) } }
    }

    /// What the loader says of a mutation: nil when it loads.
    static func refusal(_ m: Mutation, origin: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.parse(yaml: m.yaml, origin: origin)
            return nil
        } catch {
            return error
        }
    }

    /// Whether a refusal names the field: its file, a line, and the field's line or its key (a
    /// value that breaks an invariant between two keys may be refused at the other one's line:
    /// `pinMaxLength must not be below pinMinLength`).
    static func namesTheField(_ text: String, _ m: Mutation, origin: String) -> Bool {
        guard let range = text.range(of: "\(origin):"), let line = Int(text[range.upperBound...].prefix(while: \.isNumber)) else { return false }
        return line == m.field.line || text[range.upperBound...].contains(m.field.key)
    }
}

/// `#require` outside a test's own body: a missing value is an error.
private func require<T>(_ value: T?, _ what: String = "a value") throws -> T {
    guard let value else { throw NumberFuzzFailure(description: "missing \(what)") }
    return value
}

private struct NumberFuzzFailure: Error, CustomStringConvertible { let description: String }
