import Foundation
import PIMS
import SimKernel
import SimWorld

/// Cost against the size of the world (issue 14): a call on the first and on the last account of worlds
/// of 1, 1,000 and 50,000 accounts and of a world with 20,000 sessions, each as a ratio to the
/// 1-account world; loading and exporting, per account, as a ratio to the 1,000-account world.
enum ScalingWorlds {
    /// `count` enrolled accounts with a phone and a vehicle each, and `sessions` extra device sessions.
    static func world(accounts count: Int, sessions: Int = 0) -> World {
        let accounts = (0..<count).map { i in
            Account(username: "user\(i)@example.com", password: "pass\(i)", phone: PhoneNumber(String(format: "+3361%07d", i))!,
                    pin: PIN("4321")!, enrolledDevices: ["device-\(i)"],
                    vehicles: [Vehicle(vin: VIN(String(format: "VF3CC8HZ0K%07d", i))!, brand: "Peugeot", model: "3008",
                                       carAssociationID: CarAssociationID(String(1_000_000 + i))!)])
        }
        var world = World(name: "scale-\(count)", description: "", startTime: SimTime(iso8601: "2026-01-05T09:00:00Z")!, seed: 14,
                          accounts: accounts, session: World.DefaultSession(device: "device-0"))
        for s in 0..<sessions { world.openSession("session-\(s)", settings: SessionSettings(device: "tablet-\(s)")) }
        return world
    }

    /// A call mix on account `i` from the default session, logged in on that account's device: two
    /// reads, an OTP with the PIN (opens a window: a write), the steps of its vehicle, an SMS code.
    static func calls(account i: Int) -> [CallRequest] {
        [
            CallRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"]),
            CallRequest(.get, "pims.authentication.trustedphonenumber"),
            CallRequest(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "4321"]),
            CallRequest(.get, "pims.subscription.steps", ["carAssociationID": .string(String(1_000_000 + i))]),
            CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]),
        ]
    }
}

func benchmarkScaling(_ bench: inout Bench) async throws -> [String] {
    let worlds: [(name: String, world: World)] = [
        ("1 account", ScalingWorlds.world(accounts: 1)),
        ("1,000 accounts", ScalingWorlds.world(accounts: 1_000)),
        ("50,000 accounts", ScalingWorlds.world(accounts: 50_000)),
        ("1,000 accounts + 20,000 sessions", ScalingWorlds.world(accounts: 1_000, sessions: 20_000)),
    ]
    var cases: [(name: String, run: (Int) async -> Int)] = []
    for (name, world) in worlds {
        for (which, i) in [("first", 0), ("last", world.accounts.count - 1)] {
            let backend = InProcessBackend(world: world, honoursLatency: false)
            _ = await backend.control(.session(name: "default", settings: SessionSettings(device: "device-\(i)")))
            _ = await backend.send(CallRequest(.set, "pims.authentication.user",
                                               ["action": "login", "username": .string("user\(i)@example.com"), "password": .string("pass\(i)")]),
                                   session: "default")
            let calls = ScalingWorlds.calls(account: i)
            cases.append(("scaling: call on the \(which) account, \(name)", { n in
                for k in 0..<n {
                    // The clock moves so that the SMS send limit never refuses (a refusal is cheaper).
                    if k % 5 == 0 { _ = await backend.control(.advance(seconds: 3_600)) }
                    for call in calls { _ = await backend.send(call, session: "default") }
                }
                return n * calls.count
            }))
        }
    }
    // The cases by rounds (each round runs every case once), so that the machine's load, which
    // drifts within seconds here, weighs on every world alike; each case's median over the rounds.
    let results = await bench.rounds(cases, iterations: 5_000)
    var lines = results.map { Bench.report($0, baseline: $0.name == results[0].name ? nil : results[0]) }
    lines += try await benchmarkScenarioScaling(&bench)
    return lines
}

/// Load and export, per account: linear means the same time per account at 1,000 and 50,000.
/// `exportOnly` leaves the load out (`scaling-export`: the export's figures in a fraction of the time).
func benchmarkScenarioScaling(_ bench: inout Bench, exportOnly: Bool = false) async throws -> [String] {
    var lines: [String] = []
    let samples = bench.samples
    bench.samples = 3
    defer { bench.samples = samples }
    var perAccount: (load: Bench.Result?, export: Bench.Result?) = (nil, nil)
    for count in [1_000, 50_000] {
        let world = ScalingWorlds.world(accounts: count)
        let yaml = try ScenarioExporter.yaml(world)
        let export = try await bench.measure("scaling: export per account, \(count) accounts", iterations: 1) { _ in
            _ = try ScenarioExporter.yaml(world)
            return count
        }
        lines.append(Bench.report(export, baseline: perAccount.export))
        perAccount.export = perAccount.export ?? export
        if exportOnly {
            if count == 50_000 { lines.append(String(format: "  50,000 accounts: export %.2f s", export.medianNanosPerOp * Double(count) / 1e9)) }
            continue
        }
        let load = try await bench.measure("scaling: strict load per account, \(count) accounts", iterations: 1) { _ in
            _ = try ScenarioLoader.parse(yaml: yaml, origin: "scale.yaml")
            return count
        }
        lines.append(Bench.report(load, baseline: perAccount.load))
        perAccount.load = perAccount.load ?? load
        if count == 50_000 {
            lines.append(String(format: "  50,000 accounts: export %.2f s, load %.2f s", export.medianNanosPerOp * Double(count) / 1e9,
                                load.medianNanosPerOp * Double(count) / 1e9))
        }
    }
    return lines
}
