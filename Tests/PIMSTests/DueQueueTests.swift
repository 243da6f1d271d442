@testable import PIMS
import SimKernel
import Testing

/// The clock's queue (issue 39): `advance` plays the steps due, taken from a queue by time, and must
/// play exactly what a scan of every vehicle of every account would (`advanceByScan`), in the same
/// order, with the same events (R31, R37, R44).
@Suite("The clock's queue: advance plays what a scan of every vehicle plays (R31, R37, R44)")
struct DueQueueTests {
    static let start = SimTime(iso8601: "2026-01-05T09:00:00Z")!

    // MARK: random schedules against the scan

    @Test("random schedules: the queue's advance and the scan leave the same world and the same events, step for step",
          arguments: 0..<40)
    func queueAgreesWithTheScan(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        var queued = Self.randomWorld(&rng)
        var scanned = queued
        var clock = Self.start
        var played = 0
        for _ in 0..<14 {
            switch rng.below(10) {
            case 0..<5:
                let seconds = [rng.below(8), rng.below(60), rng.below(900), rng.below(4 * 3600), rng.below(2 * 86_400)][rng.below(5)]
                let until = clock + seconds
                var kq = Self.kernel(clock)
                var ks = Self.kernel(clock)
                PIMSSystem.advance(until: until, state: &queued, kernel: &kq)
                PIMSStep.run(on: &scanned, &ks) { $0.advanceByScan(until: until) }
                #expect(kq.events == ks.events, "seed \(seed): advance to \(until)")
                played += kq.events.count
                clock = until
            case 5..<8:
                let change = Self.randomChange(queued, &rng)
                var kq = Self.kernel(clock)
                var ks = Self.kernel(clock)
                let a = try? PIMSSystem.control(change.control, state: &queued, kernel: &kq)
                let b = try? PIMSSystem.control(change.control, state: &scanned, kernel: &ks)
                #expect(a == b)
            case 8:
                // A command accepted on a random vehicle (as R30 files it), due within seconds.
                guard let (a, v) = Self.randomVehicle(queued, &rng) else { continue }
                let flight = Self.randomFlight(&rng, at: clock, id: "new-\(played)-\(rng.below(1_000_000))", session: "s\(a)")
                for world in [0, 1] {
                    var k = Self.kernel(clock)
                    let apply = { (step: inout PIMSStep) in
                        step.accounts[a].vehicles[v].remote.inFlight.append(flight)
                        step.reschedule(a, v)
                    }
                    if world == 0 { PIMSStep.run(on: &queued, &k, apply) } else { PIMSStep.run(on: &scanned, &k, apply) }
                }
            default:
                // R18: the vehicle removed (its steps go with it).
                guard let (a, v) = Self.randomVehicle(queued, &rng) else { continue }
                let vin = queued.accounts[a].vehicles[v].vin
                var kq = Self.kernel(clock, session: "s\(a)")
                var ks = Self.kernel(clock, session: "s\(a)")
                _ = PIMSStep.run(on: &queued, &kq) { try? $0.removeProperty(vin, a) }
                _ = PIMSStep.run(on: &scanned, &ks) { try? $0.removeProperty(vin, a) }
            }
            #expect(queued == scanned, "seed \(seed)")
            #expect(queued.dueQueue.covers(queued.accounts, at: clock), "seed \(seed): every step to come has its entry")
        }
    }

    @Test("the random schedules do play steps, ties included (the comparison above is not of empty runs)")
    func theRandomSchedulesPlay() {
        var signals: [PendingEvent] = []
        var instantsWithTies = 0
        for seed in 0..<40 {
            var rng = SplitMix(seed: UInt64(seed))
            var world = Self.randomWorld(&rng)
            var kernel = Self.kernel(Self.start)
            PIMSSystem.advance(until: Self.start + 3 * 86_400, state: &world, kernel: &kernel)
            let played = kernel.events.filter { $0.kind == .signal }
            signals += played
            instantsWithTies += Dictionary(grouping: played, by: \.at).values.filter { Set($0.map(\.sessions)).count > 1 }.count
        }
        #expect(signals.count > 200)
        #expect(instantsWithTies > 10, "several accounts' signals at one instant")
    }

    // MARK: ties, removal, rebuilding

    /// Bob's horn, then alice's, then her second car's, all due at 09:00:02: played in the accounts'
    /// order (alice's first car, her second, then bob's), and a car's two steps due at one time in
    /// the order they were created: not in the order they were filed.
    @Test("steps due at one instant play in the accounts' order, then in the order they were created (R44)")
    func tiesPlayInTheAccountsOrder() {
        var world = Self.world(accounts: [("alice", 2), ("bob", 1)])
        var kernel = Self.kernel(Self.start)
        PIMSSystem.advance(until: Self.start, state: &world, kernel: &kernel)  // the queue is built (empty)
        #expect(world.dueQueue.isBuilt && world.dueQueue.count == 0)
        let due = Self.start + 2
        func file(_ a: Int, _ v: Int, _ id: String) {
            var k = Self.kernel(Self.start)
            PIMSStep.run(on: &world, &k) { step in
                step.accounts[a].vehicles[v].remote.inFlight.append(
                    InFlight(transactionId: id, action: "horn", params: [:], session: "s\(a)", t0: Self.start, step: .pending, due: due))
                step.reschedule(a, v)
            }
        }
        file(1, 0, "bob-horn")
        file(0, 1, "alice-second-car")
        file(0, 0, "alice-horn")
        file(0, 0, "alice-lights")
        #expect(world.dueQueue.count == 3)
        var scanned = world
        var k = Self.kernel(Self.start)
        var ks = Self.kernel(Self.start)
        PIMSSystem.advance(until: due, state: &world, kernel: &k)
        PIMSStep.run(on: &scanned, &ks) { $0.advanceByScan(until: due) }
        let order = k.events.filter { $0.kind == .signal }.compactMap { $0.data["result"]?["command"]?["transactionId"]?.stringValue }
        #expect(order == ["alice-horn", "alice-lights", "alice-second-car", "bob-horn"])
        #expect(k.events == ks.events)
    }

    @Test("a removed vehicle's and a removed account's steps do not play, and the queue forgets them (R18, R28, R31)")
    func removedVehiclesStepsDoNotPlay() {
        var world = Self.world(accounts: [("alice", 2), ("bob", 1)])
        var kernel = Self.kernel(Self.start)
        PIMSSystem.advance(until: Self.start, state: &world, kernel: &kernel)
        for (a, v) in [(0, 0), (0, 1), (1, 0)] {
            var k = Self.kernel(Self.start)
            PIMSStep.run(on: &world, &k) { step in
                step.accounts[a].vehicles[v].remote.inFlight.append(
                    InFlight(transactionId: "t\(a)\(v)", action: "horn", params: [:], session: "s\(a)", t0: Self.start, step: .pending, due: Self.start + 2))
                step.reschedule(a, v)
            }
        }
        #expect(world.dueQueue.count == 3)
        // Alice's second car removed by R18; bob's account gone from the list in place.
        let vin = world.accounts[0].vehicles[1].vin
        var k = Self.kernel(Self.start, session: "s0")
        #expect(PIMSStep.run(on: &world, &k) { (try? $0.removeProperty(vin, 0)) != nil })
        #expect(world.dueQueue.count == 2, "R18 takes the vehicle's entry out")
        world.accounts.remove(at: 1)
        #expect(world.dueQueue.isBuilt, "a removal in place keeps the queue; the entry left resolves to nothing")
        var after = Self.kernel(Self.start)
        PIMSSystem.advance(until: Self.start + 60, state: &world, kernel: &after)
        let commands = after.events.filter { $0.kind == .signal }.compactMap { $0.data["result"]?["command"]?["transactionId"]?.stringValue }
        #expect(Set(commands) == ["t00"], "only alice's first car plays: \(commands)")
        #expect(world.dueQueue.count == 0)
    }

    @Test("accounts replaced whole: the queue is built again from them at the next advance")
    func replacedAccountsRebuildTheQueue() {
        var world = Self.world(accounts: [("alice", 1)])
        var kernel = Self.kernel(Self.start)
        PIMSSystem.advance(until: Self.start, state: &world, kernel: &kernel)
        #expect(world.dueQueue.isBuilt)
        var accounts = world.accounts
        accounts[0].vehicles[0].remote.inFlight = [
            InFlight(transactionId: "t", action: "horn", params: [:], session: "s0", t0: Self.start, step: .sent, due: Self.start + 10),
        ]
        world.accounts = accounts  // not through a step: nothing filed it
        #expect(!world.dueQueue.isBuilt)
        var k = Self.kernel(Self.start)
        PIMSSystem.advance(until: Self.start + 10, state: &world, kernel: &k)
        #expect(k.events.filter { $0.kind == .signal }.compactMap { $0.data["result"]?["code"]?.intValue } == [200])
        #expect(world.accounts[0].vehicles[0].remote.inFlight.isEmpty)
    }

    @Test("a deferred hour starts a charge, whose end is filed next; a full car has nothing more to come (R37)")
    func theDeferredHourThenTheChargesEnd() {
        var world = Self.world(accounts: [("alice", 1)])
        world.accounts[0].vehicles[0].remote.level = Level(tenths: 995)
        world.accounts[0].vehicles[0].remote.charging = Charging(plugged: true, state: .stopped, deferredTime: TimeOfDay(hour: 10, minute: 0))
        let key = VehicleKey(username: "alice", vin: world.accounts[0].vehicles[0].vin)
        var kernel = Self.kernel(Self.start)
        PIMSSystem.advance(until: Self.start, state: &world, kernel: &kernel)
        #expect(world.dueQueue.due(key) == Self.start + 3600, "10:00, the deferred hour")
        var k = Self.kernel(Self.start)
        PIMSSystem.advance(until: Self.start + 3660, state: &world, kernel: &k)
        #expect(world.accounts[0].vehicles[0].remote.charging.state == .inProgress)
        // 99.5 % at 10 %/h: full 3 minutes after 10:00.
        #expect(world.dueQueue.due(key) == Self.start + 3600 + 180, "10:03, the charge's end")
        var later = Self.kernel(Self.start + 3660)
        PIMSSystem.advance(until: Self.start + 2 * 86_400, state: &world, kernel: &later)
        #expect(world.accounts[0].vehicles[0].remote.charging.state == .finished)
        #expect(later.events.filter { $0.kind == .vehicleEvent }.count == 1, "remoteChargeFinished once")
        #expect(world.dueQueue.count == 0)
    }

    // MARK: worlds

    static func kernel(_ now: SimTime, session: String = "default") -> KernelContext {
        KernelContext(now: now, session: session, settings: SessionSettings(device: "d"), codes: SeededGenerator(state: 1))
    }

    static func vin(_ a: Int, _ v: Int) -> VIN { VIN(String(format: "VF3CC8HZ0K%05d%02d", a, v))! }

    /// Accounts with their cars, each account's session logged in, subscribed to signals and charge
    /// events, and strongly authenticated (R18 needs it).
    static func world(accounts: [(String, Int)], remote: (inout SplitMix, Int, Int) -> VehicleRemote = { _, _, _ in VehicleRemote() },
                      rng: inout SplitMix) -> PIMSWorld {
        var world = PIMSWorld(accounts: accounts.enumerated().map { a, account in
            Account(username: account.0, password: "p", vehicles: (0..<account.1).map { v in
                Vehicle(vin: vin(a, v), brand: "Peugeot", model: "e-208", carAssociationID: CarAssociationID(String(100_000 + a * 10 + v))!,
                        remote: remote(&rng, a, v))
            })
        })
        for (a, account) in accounts.enumerated() {
            var session = PIMSSession(user: account.0)
            session.signal = .init(transactionId: "sub-\(a)", variant: a % 2 == 0 ? .tutorial : .reference)
            session.vehicleEvents = .init(transactionId: "ev-\(a)", variant: .tutorial, types: ["remoteChargeFinished", "remoteChargeInterrupted"])
            session.strongAuthUntil = SimTime.latest
            world.sessions["s\(a)"] = session
        }
        world.settleReported(at: start)
        return world
    }

    static func world(accounts: [(String, Int)]) -> PIMSWorld {
        var rng = SplitMix(seed: 0)
        return world(accounts: accounts, rng: &rng)
    }

    static func randomWorld(_ rng: inout SplitMix) -> PIMSWorld {
        let accounts = (0..<(1 + rng.below(10))).map { ("user\($0)@example.com", 1 + rng.below(3)) }
        var serial = 0
        return world(accounts: accounts, remote: { rng, a, _ in
            var r = VehicleRemote()
            r.type = rng.below(4) == 0 ? .hybrid : .electric
            r.asleep = rng.below(5) == 0
            r.online = rng.below(6) != 0
            r.engineOn = rng.below(8) == 0
            r.level = Level(tenths: rng.below(1001))
            r.charging.mode = rng.below(2) == 0 ? .slow : .quick
            if rng.below(3) != 0 {
                r.charging.plugged = true
                r.charging.state = [ChargeState.stopped, .finished, .inProgress][rng.below(3)]
                if r.charging.state == .inProgress {
                    r.charging.startedAt = start + -rng.below(7200)
                    r.charging.startLevel = Level(tenths: rng.below(1000))
                }
            }
            if rng.below(2) == 0 { r.charging.deferredTime = TimeOfDay(hour: rng.below(24), minute: [0, 15, 30][rng.below(3)]) }
            if rng.below(3) == 0 {
                r.precond.status = .enabled
                r.precond.until = start + 1 + rng.below(1800)
            }
            for _ in 0..<rng.below(4) {
                serial += 1
                r.inFlight.append(randomFlight(&rng, at: start, id: "t\(a)-\(serial)", session: "s\(a)"))
            }
            return r
        }, rng: &rng)
    }

    /// A request in flight at any of its steps, due within the next seconds (ties are frequent).
    static func randomFlight(_ rng: inout SplitMix, at t: SimTime, id: String, session: String) -> InFlight {
        let commands: [(String, [String: JSONValue])] = [
            ("horn", [:]), ("warning", [:]), ("doors", ["doorState": "lock"]), ("doors", ["doorState": "unlock"]),
            ("charge", ["startNow": true]), ("charge", ["startNow": false]),
            ("chargeDeferredTime", ["startNow": false, "deferredTime": "PT6H30M", "checkStartCharge": true]),
            ("preconditioning", ["startNow": true]), ("preconditioning", ["startNow": false]),
            ("refresh", [:]), ("refreshWithWakeUp", [:]),
        ]
        let (action, params) = commands[rng.below(commands.count)]
        let steps: [InFlight.Step] = action.hasPrefix("refresh") ? [.refresh, .timeout] : [.waking, .pending, .sent, .timeout]
        let t0 = t + -rng.below(30)
        return InFlight(transactionId: id, action: action, params: params, session: session, t0: t0, step: steps[rng.below(steps.count)],
                        due: t0 + rng.below(40), fault: rng.below(8) == 0 ? 2377 : nil)
    }

    static func randomVehicle(_ world: PIMSWorld, _ rng: inout SplitMix) -> (Int, Int)? {
        let all = world.accounts.indices.flatMap { a in world.accounts[a].vehicles.indices.map { (a, $0) } }
        return all.isEmpty ? nil : all[rng.below(all.count)]
    }

    /// A `vehicle` control (R46) on a random car: sleep, network, engine, plug, rate, level.
    static func randomChange(_ world: PIMSWorld, _ rng: inout SplitMix) -> VehicleChange {
        guard let (a, v) = randomVehicle(world, &rng) else { return VehicleChange(username: "nobody", vin: vin(0, 0)) }
        var change = VehicleChange(username: world.accounts[a].username, vin: world.accounts[a].vehicles[v].vin)
        switch rng.below(6) {
        case 0: change.asleep = rng.below(2) == 0
        case 1: change.online = rng.below(3) != 0
        case 2: change.engineOn = rng.below(3) == 0
        case 3: change.plugged = rng.below(2) == 0
        case 4: change.mode = rng.below(2) == 0 ? .slow : .quick
        default: change.level = Level(tenths: rng.below(1001))
        }
        return change
    }
}

/// A small seeded generator (SplitMix64): the same schedules on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
