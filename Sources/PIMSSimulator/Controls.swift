import Foundation
import PIMS
import Yams

/// The simulator controls (§8) on the core. Every control either succeeds whole or changes nothing.
extension Simulator {
    public mutating func control(_ control: SimControl) -> SimAnswer {
        switch control {
        case .session(let name, let settings):
            let fresh = SessionState(name: name, settings: settings)
            if let i = world.sessionIndex(name) { world.sessions[i] = fresh } else { world.sessions.append(fresh) }
            return .success(["session": .string(name)])
        case .inbox(let phone):
            let messages: [JSONValue] = world.inbox(phone).map {
                ["code": .string($0.code), "purpose": .string($0.purpose.rawValue), "sentAt": .string($0.sentAt.iso8601),
                 "expiresAt": .string($0.expiresAt.iso8601)]
            }
            return .success(["messages": .array(messages), "now": .string(world.clock.iso8601)])
        case .advance(let seconds):
            guard seconds <= SimTime.latest - world.clock else {
                return .failure("advance: the clock cannot pass \(SimTime.latest) (it is \(world.clock))")
            }
            world.clock = world.clock + seconds
            return .success(["now": .string(world.clock.iso8601)])
        case .proximity(let username, let vin, let bluetoothOn, let paired, let keyInside):
            guard let a = world.accountIndex(username) else { return .failure("proximity: no account \(username)") }
            guard let v = world.accounts[a].vehicles.firstIndex(where: { $0.vin == vin }) else {
                return .failure("proximity: \(username) has no vehicle \(vin)")
            }
            if let bluetoothOn { world.accounts[a].vehicles[v].proximity.bluetoothOn = bluetoothOn }
            if let paired { world.accounts[a].vehicles[v].proximity.paired = paired }
            if let keyInside { world.accounts[a].vehicles[v].proximity.keyInside = keyInside }
            let p = world.accounts[a].vehicles[v].proximity
            return .success(["proximity": ["bluetoothOn": .bool(p.bluetoothOn), "paired": .bool(p.paired), "keyInside": .bool(p.keyInside)]])
        case .fault(let rule):
            if let problem = rule.problem { return .failure("fault: \(problem)") }
            world.faults.append(rule)
            return .success(["faults": .int(world.faults.count)])
        case .clearFaults:
            world.faults = []
            return .success(["faults": 0])
        case .account(let username):
            guard let account = world.account(username) else { return .failure("account: no account \(username)") }
            // The policy rides along so that a client can validate input and show "failures n of limit".
            return .success(["account": Self.json(account), "policy": Self.json(world.policy), "now": .string(world.clock.iso8601)])
        case .load(let source):
            do {
                let loaded = try ScenarioLoader.load(source)
                replace(with: loaded)
                return .success(["scenario": .string(loaded.name)])
            } catch {
                return .failure("load: \(error)")
            }
        case .reset:
            resetToLoaded()
            return .success(["scenario": .string(world.name)])
        case .export:
            do {
                return .success(["scenario": .string(try ScenarioExporter.yaml(world))])
            } catch {
                return .failure("export: \(error)")
            }
        }
    }

    /// Any Codable state as JSON (the account control's answer).
    static func json(_ value: some Encodable) -> JSONValue {
        guard let data = try? JSONEncoder().encode(value), let json = try? JSONText.parse(data) else { return .null }
        return json
    }
}

/// Export: the whole world in the scenario format, so that export → load → export gives the same bytes.
public enum ScenarioExporter {
    public static func yaml(_ world: World) throws -> String {
        let encoder = YAMLEncoder()
        encoder.options.allowUnicode = true
        encoder.options.width = -1
        return try encoder.encode(world)
    }
}
