import Foundation
import PIMS
import SimClient
import SimKernel
import SimServer
import SimWorld

/// Cost against the size of the world (issues 14, 39): a line of a mix on the first and on the last
/// account of worlds of 1, 1,000 and 50,000 accounts and of a world with 20,000 sessions, each as a
/// ratio to the 1-account world, in process and on a team server; loading and exporting, per
/// account, as a ratio to the 1,000-account world.
///
/// The mix has every system's timers and the clock: PIMS calls (an OTP's window, an SMS code's
/// lifetime), a remote command whose steps play on the clock (R31), a Futurae push login (expires
/// after 120 s), a card purchase (its push expires), and `advance` past all of them on every round.
enum ScalingWorlds {
    /// `count` enrolled accounts with a phone and a vehicle each (its car key active, so remote
    /// commands pass R28), `sessions` extra device sessions, and Futurae's and Card's back offices
    /// of `futurae-enrolled` and `card-replacement` (alice's phone on the default session).
    static func world(accounts count: Int, sessions: Int = 0) throws -> World {
        let accounts = (0..<count).map { i in
            Account(username: "user\(i)@example.com", password: "pass\(i)", phone: PhoneNumber(String(format: "+3361%07d", i))!,
                    pin: PIN("4321")!, enrolledDevices: ["device-\(i)"],
                    vehicles: [Vehicle(vin: VIN(String(format: "VF3CC8HZ0K%07d", i))!, brand: "Peugeot", model: "3008",
                                       carAssociationID: CarAssociationID(String(1_000_000 + i))!, carKey: CarKey(activated: true, cvsStatus: .active))])
        }
        var world = World(name: "scale-\(count)", description: "", startTime: SimTime(iso8601: "2026-01-05T09:00:00Z")!, seed: 14,
                          accounts: accounts, session: World.DefaultSession(device: "device-0"))
        world.futurae = try ScenarioLoader.load(.named("futurae-enrolled")).futurae
        world.casa = try ScenarioLoader.load(.named("card-replacement")).casa
        for s in 0..<sessions { world.openSession("session-\(s)", settings: SessionSettings(device: "tablet-\(s)")) }
        return world
    }

    /// A call mix on account `i` from the session `driver`, logged in on that account's device: two
    /// reads, an OTP with the PIN (opens a window: a write), the steps of its vehicle, an SMS code,
    /// and the horn (accepted: 900; its 901 and 200 play at the next `advance`).
    static func calls(account i: Int) -> [CallRequest] {
        [
            CallRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"]),
            CallRequest(.get, "pims.authentication.trustedphonenumber"),
            CallRequest(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": "4321"]),
            CallRequest(.get, "pims.subscription.steps", ["carAssociationID": .string(String(1_000_000 + i))]),
            CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]),
            CallRequest(.set, "pims.vehicle.command", ["action": "horn"]),
        ]
    }

    /// The back offices' timers: a push login to alice's Futurae device, a purchase pushed to her card.
    static let controls = [
        SimControl("futurae.auth", ["user": "alice@example.com"]),
        SimControl("casa.purchase", ["card": "4242", "merchant": "Demo Shop", "amount": 4999, "currency": "EUR"]),
    ]

    /// 720 s a round: past the horn's steps and cool-down, the push login's and the purchase's
    /// expiries, and within the SMS send limit (5 in 600 s) so that no call is refused.
    static let advance = SimControl.advance(seconds: 720)

    static let session = "driver"

    /// The lines of one round.
    static func lines(account i: Int) -> Int { calls(account: i).count + controls.count + 1 }

    /// The session `driver` logged in as account `i` on its device, its vehicle selected for remote
    /// commands and its signals subscribed; one round run and checked (nothing in it refused). The
    /// default session keeps alice's Futurae device and card app.
    static func prepare(_ backend: any SimBackend, account i: Int) async throws {
        _ = await backend.control(.session(name: session, settings: SessionSettings(device: "device-\(i)")))
        let setUp = [
            CallRequest(.set, "pims.authentication.user", ["action": "login", "username": .string("user\(i)@example.com"), "password": .string("pass\(i)")]),
            CallRequest(.set, "pims.vehicle.vin", ["actionType": "remote", "vin": .string(String(format: "VF3CC8HZ0K%07d", i))]),
            CallRequest(.subscribe, "pims.vehicle.signal"),
        ]
        for call in setUp + calls(account: i) {
            let answer = await backend.send(call, session: session)
            guard answer.status == .succeeded else { throw BenchError("scaling, account \(i): \(call.name): \(JSONText.encode(answer.json))") }
        }
        for control in controls + [advance] {
            let answer = await backend.control(control)
            guard answer.ok else { throw BenchError("scaling, account \(i): \(control.kind): \(answer.error ?? "")") }
        }
    }

    /// `n` rounds of the mix; the lines run.
    static func run(_ backend: any SimBackend, account i: Int, rounds n: Int) async -> Int {
        let calls = calls(account: i)
        for _ in 0..<n {
            for call in calls { _ = await backend.send(call, session: session) }
            for control in controls { _ = await backend.control(control) }
            _ = await backend.control(advance)
        }
        return n * lines(account: i)
    }
}

func benchmarkScaling(_ bench: inout Bench) async throws -> [String] {
    let worlds: [(name: String, world: World)] = [
        ("1 account", try ScalingWorlds.world(accounts: 1)),
        ("1,000 accounts", try ScalingWorlds.world(accounts: 1_000)),
        ("50,000 accounts", try ScalingWorlds.world(accounts: 50_000)),
        ("1,000 accounts + 20,000 sessions", try ScalingWorlds.world(accounts: 1_000, sessions: 20_000)),
    ]
    var cases: [(name: String, run: (Int) async -> Int)] = []
    for (name, world) in worlds {
        for (which, i) in [("first", 0), ("last", world.accounts.count - 1)] {
            let backend = InProcessBackend(world: world, honoursLatency: false)
            try await ScalingWorlds.prepare(backend, account: i)
            cases.append(("scaling: a line on the \(which) account, \(name)", { n in await ScalingWorlds.run(backend, account: i, rounds: n) }))
        }
    }
    // The cases by rounds (each round runs every case once), so that the machine's load, which
    // drifts within seconds here, weighs on every world alike; each case's median over the rounds.
    let results = await bench.rounds(cases, iterations: 2_000)
    var lines = results.map { Bench.report($0, baseline: $0.name == results[0].name ? nil : results[0]) }
    lines += try await benchmarkServerScaling(&bench, worlds: [worlds[0], worlds[2]])
    lines += try await benchmarkScenarioScaling(&bench)
    return lines
}

/// The same mix on a team server (HTTP on loopback, SQLite, durable), on the last account of each
/// world, as a ratio to the first world's.
func benchmarkServerScaling(_ bench: inout Bench, worlds: [(name: String, world: World)]) async throws -> [String] {
    var cases: [(name: String, run: (Int) async -> Int)] = []
    var servers: [RunningServer] = []
    var folders: [URL] = []
    defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
    for (name, world) in worlds {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-bench-scaling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        let core = try ServerCore(databasePath: folder.appendingPathComponent("world.db").path,
                                  seed: .yaml(try ScenarioExporter.yaml(world), origin: "scale.yaml"), honoursLatency: false)
        let admin = TeamServer.generateAdminToken()
        let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin))
        servers.append(server)
        let backend = try RemoteBackend(url: "http://127.0.0.1:\(server.port)", adminToken: admin)
        let i = world.accounts.count - 1
        try await ScalingWorlds.prepare(backend, account: i)
        cases.append(("scaling: a line on the last account, \(name), team server", { n in await ScalingWorlds.run(backend, account: i, rounds: n) }))
    }
    let results = await bench.rounds(cases, iterations: 100)
    for server in servers { await server.stop() }
    return results.map { Bench.report($0, baseline: $0.name == results[0].name ? nil : results[0]) }
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
        let world = try ScalingWorlds.world(accounts: count)
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
