import PIMS
@testable import SimKernel
@testable import SimWorld
import Testing

/// The indexed world against a plain scan, and the change logs against a store that applies them,
/// over random sequences of every kind of call and control (seeded: a failure repeats).
@Suite("Indexed world")
struct IndexedWorldTests {
    static let phones = ["0612345678", "0698765432", "+33655501234", "0611111111"].map { PhoneNumber($0)! }
    static let devices = ["alice-iphone", "bob-iphone", "carol-pixel", "dave-tab"]

    /// One random step: a call on a random session, or a control.
    static func randomStep(_ sim: inout Simulator, _ g: inout SeededGenerator) {
        let accounts = sim.world.accounts
        let a = accounts[Int(g.next() % UInt64(accounts.count))]
        let session = sim.world.sessions[Int(g.next() % UInt64(sim.world.sessions.count))].name
        let phone = phones[Int(g.next() % UInt64(phones.count))]
        let vin = a.vehicles.first?.vin.value ?? "VR1AB12C3D4567890"
        let code = sim.world.inbox(a.phone ?? phone).last?.code ?? "000000"
        func call(_ type: CallType, _ name: String, _ params: [String: JSONValue] = [:]) {
            _ = sim.handle(CallRequest(type, name, params), session: session)
        }
        switch g.next() % 17 {
        case 0: _ = sim.control(.session(name: "s\(g.next() % 6)", settings: SessionSettings(device: devices[Int(g.next() % 4)])))
        case 1, 2:
            let password = g.next() % 4 == 0 ? "wrong" : a.password
            call(.set, "pims.authentication.user", ["action": "login", "username": .string(a.username), "password": .string(password)])
        case 3: call(.set, "pims.authentication.user", ["action": "logout"])
        case 4: call(.get, "pims.authentication.smscode", ["type": "enrollment"])
        case 5: call(.get, "pims.authentication.smscode", ["type": "phoneNumberCertification", "phoneNumber": .string(phone.written)])
        case 6: call(.set, "pims.authentication.enrollment", ["action": "enroll", "pinCode": "1234", "smsCode": .string(code)])
        case 7: call(.set, "pims.authentication.smscode", ["action": "addPhoneNumber", "smsCode": .string(code), "phoneNumber": .string(phone.written)])
        case 8: call(.set, "pims.authentication.enrollment", ["action": "remove"])
        case 9: call(.get, "pims.authentication.otp", ["action": "withPin", "pinCode": g.next() % 2 == 0 ? "1234" : "9999"])
        case 10: call(.get, "pims.subscription.steps", ["vin": .string(vin)])
        case 11: call(.set, "pims.subscription.vehicle", ["action": "removeProperty", "vin": .string(vin)])
        case 12: _ = sim.control(.proximity(username: a.username, vin: VIN(vin)!, bluetoothOn: g.next() % 2 == 0, paired: nil, keyInside: nil))
        case 13: _ = sim.control(.advance(seconds: Int(g.next() % 4000)))
        case 14: if g.next() % 8 == 0 { _ = sim.control(.reset) }
        case 15: call(.get, "pims.authentication.trustedphonenumber")
        default: call(.set, "pims.vehicle", ["vin": .string(vin)])
        }
    }

    /// The team world as written (3 accounts: a short list, scanned), and with 10 accounts more (an
    /// indexed list, issue 8), phones among the test's own so that their codes and tags mix.
    static func teamWorld(extraAccounts: Int) throws -> Simulator {
        var world = try ScenarioLoader.load(.parse("team"))
        for i in 0..<extraAccounts {
            world.pims.accounts.append(Account(username: "extra\(i)@example.com", password: "pw\(i)",
                                               phone: i % 3 == 0 ? phones[i % phones.count] : nil))
        }
        return Simulator(world: world)
    }

    @Test(arguments: [0, 10])
    func theIndexesAgreeWithAScanAfterEveryStep(extraAccounts: Int) throws {
        var sim = try Self.teamWorld(extraAccounts: extraAccounts)
        #expect(sim.world.accounts.isIndexed == (extraAccounts > 0))
        var g = SeededGenerator(state: 14)
        for step in 0..<400 {
            Self.randomStep(&sim, &g)
            let w = sim.world
            for (i, account) in w.accounts.enumerated() {
                #expect(w.accountIndex(account.username) == i, "step \(step)")
            }
            #expect(w.accountIndex("nobody@example.com") == nil)
            for phone in Self.phones {
                #expect(w.accounts.positions(tagged: .trustedPhone(phone)) == w.accounts.indices.filter { w.accounts[$0].phone == phone },
                        "step \(step)")
                #expect(w.accounts.positions(tagged: .sentTo(phone)) == w.accounts.indices.filter { w.accounts[$0].sms.contains { $0.phone == phone } },
                        "step \(step)")
            }
            for (i, session) in w.sessions.enumerated() {
                #expect(w.sessionIndex(session.name) == i)
                #expect(w.pims.sessions.user(of: session.name) == w.pims.sessions[session.name]?.user, "step \(step)")
            }
            for account in w.accounts {
                let scanned = w.sessions.map(\.name).filter { w.pims.sessions[$0]?.user == account.username }.sorted()
                #expect(w.pims.sessions(of: account.username) == scanned, "step \(step)")
            }
        }
    }

    /// A store that applies each step's logged change holds, after every step, exactly the rows of the
    /// world; a read writes nothing.
    @Test func aStoreFedTheLoggedChangesHoldsTheWorld() throws {
        var sim = try Simulator(scenario: "team")
        var g = SeededGenerator(state: 1314)
        var store: [String: [String: StoredRow]] = [:]
        for table in WorldTable.all { store[table.name] = Dictionary(uniqueKeysWithValues: table.rows(sim.world).map { ($0.key, $0) }) }
        for step in 1...400 {
            let token = UInt64(step)
            sim.world.startChangeLogs(token)
            Self.randomStep(&sim, &g)
            for table in WorldTable.all {
                switch table.change(sim.world, token) {
                case .unchanged: break
                case .upsert(let rows): for row in rows { store[table.name]![row.key] = row }
                case .replaceAll(let rows): store[table.name] = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) })
                }
                let expected = Dictionary(uniqueKeysWithValues: table.rows(sim.world).map { ($0.key, $0) })
                #expect(store[table.name] == expected, "step \(step), table \(table.name)")
            }
        }
        sim.world.startChangeLogs(9999)
        _ = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        #expect(WorldTable.all.allSatisfy { $0.change(sim.world, 9999).isUnchanged })
    }

    /// Issue 39: a store that asks, after each call, only the tables whose own counts recorded a row
    /// (`WorldTable.changes(in:since:counted:)`, as the team server does) still holds exactly the
    /// rows of the world after every step, with 10 accounts more (indexed lists) and without; a
    /// control, which may assign a list anew, asks every table. A read asks none.
    @Test(arguments: [0, 10])
    func aStoreFedOnlyTheCountedTablesHoldsTheWorld(extraAccounts: Int) throws {
        var sim = try Self.teamWorld(extraAccounts: extraAccounts)
        var g = SeededGenerator(state: 3939)
        var store: [String: [String: StoredRow]] = [:]
        for table in WorldTable.all { store[table.name] = Dictionary(uniqueKeysWithValues: table.rows(sim.world).map { ($0.key, $0) }) }
        var asked = 0, steps = 0
        for step in 1...400 {
            let token = UInt64(step)
            let counts = sim.world.startCountedChangeLogs(token)
            let transactions = sim.world.counters.transactions
            Self.randomStep(&sim, &g)
            // A call numbers one transaction; a control does not (a reset sets the counter back),
            // and may assign lists anew.
            let isCall = sim.world.counters.transactions == transactions + 1
            let changes = WorldTable.changes(in: sim.world, since: token, counted: isCall ? counts : nil)
            if isCall {
                steps += 1
                asked += changes.count
            }
            for (name, change) in changes {
                switch change {
                case .unchanged: break
                case .upsert(let rows): for row in rows { store[name]![row.key] = row }
                case .replaceAll(let rows): store[name] = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) })
                }
            }
            for table in WorldTable.all {
                let expected = Dictionary(uniqueKeysWithValues: table.rows(sim.world).map { ($0.key, $0) })
                #expect(store[table.name] == expected, "step \(step), table \(table.name)")
            }
        }
        // Calls changed a table or two at most: far fewer tables asked than every table each call.
        #expect(asked < steps * 2, "\(asked) tables asked over \(steps) calls")
        let counts = sim.world.startCountedChangeLogs(9999)
        _ = sim.handle(PIMSRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        #expect(counts.isZero)
        #expect(WorldTable.changes(in: sim.world, since: 9999, counted: counts).isEmpty)
    }

    /// The logs' shared count (what the team server asks before any table): a call that leaves it
    /// at zero changed no row; a read leaves it at zero, a login does not.
    @Test func aCallThatLeavesTheChangeCountAtZeroChangedNoRow() throws {
        var sim = try Simulator(scenario: "team")
        let calls: [(CallType, String, [String: JSONValue])] = [
            (.get, "pims.authentication.trustedphonenumber", [:]),
            (.set, "pims.authentication.user", ["action": "login", "username": "bob@example.com", "password": "bob-pass"]),
            (.get, "pims.authentication.trustedphonenumber", [:]),
            (.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"]),
            (.get, "pims.authentication.smscode", ["type": "enrollment"]),
            (.set, "pims.authentication.user", ["action": "login", "username": "bob@example.com", "password": "wrong"]),
            (.set, "pims.authentication.user", ["action": "logout"]),
        ]
        var zeros = 0, counted = 0
        for (step, (type, name, params)) in (calls + calls).enumerated() {
            let token = UInt64(step + 1), count = ChangeCount()
            sim.world.startChangeLogs(token, counting: count)
            _ = sim.handle(CallRequest(type, name, params), session: "default")
            let unchanged = WorldTable.all.allSatisfy { $0.change(sim.world, token).isUnchanged }
            if count.isZero { zeros += 1 } else { counted += 1 }
            #expect(!count.isZero || unchanged, "step \(step): \(name) changed a row the count missed")
        }
        #expect(zeros >= 4 && counted >= 2, "reads \(zeros), counted \(counted)")
        let count = ChangeCount()
        sim.world.startChangeLogs(9999, counting: count)
        _ = sim.handle(CallRequest(.get, "pims.authentication.trustedphonenumber"), session: "default")
        #expect(count.isZero)
        _ = sim.handle(CallRequest(.set, "pims.authentication.user", ["action": "login", "username": "bob@example.com", "password": "bob-pass"]),
                       session: "default")
        #expect(!count.isZero)
    }

    @Test func aKeyedListAgreesWithAScanThroughAppendsEditsInsertsAndRemovals() {
        struct Row: KeyedRow, Codable {
            var key: String
            var tag: Int
            var rowKey: String { key }
            var rowTags: [Int] { [tag] }
        }
        var list: KeyedList<Row> = []
        var g = SeededGenerator(state: 7)
        for _ in 0..<2000 {
            let key = "k\(g.next() % 40)"
            switch g.next() % 5 {
            case 0, 1: list.append(Row(key: key, tag: Int(g.next() % 5)))
            case 2 where !list.isEmpty: list[Int(g.next() % UInt64(list.count))].tag = Int(g.next() % 5)
            case 3 where !list.isEmpty: list.remove(at: Int(g.next() % UInt64(list.count)))
            case 4: list.insert(Row(key: key, tag: 1), at: list.isEmpty ? 0 : Int(g.next() % UInt64(list.count)))
            default: list.removeAll { $0.tag == 3 }
            }
            #expect(list.index(of: key) == list.rows.firstIndex { $0.key == key })
            for tag in 0..<5 { #expect(list.positions(tagged: tag) == list.indices.filter { list[$0].tag == tag }) }
        }
    }

    /// Issue 8: a short list finds rows by scanning, a longer one by its hashed indexes, built when it
    /// outgrows scanning. Across the limit both ways, with a key and a tag changed at every length,
    /// each finds what a scan of the rows finds.
    @Test func aKeyedListFindsTheSameRowsScannedAndIndexedAcrossItsScanLimit() {
        struct Row: KeyedRow, Codable {
            var key: String
            var tags: [Int]
            var rowKey: String { key }
            var rowTags: [Int] { tags }
        }
        var list: KeyedList<Row> = []
        func agrees(_ when: String) {
            for key in (0..<30).map({ "k\($0)" }) + ["renamed"] {
                #expect(list.index(of: key) == list.rows.firstIndex { $0.key == key }, "\(when): \(key)")
                #expect(list[key: key] == list.rows.first { $0.key == key }, "\(when): \(key)")
            }
            for tag in 0..<6 { #expect(list.positions(tagged: tag) == list.indices.filter { list[$0].tags.contains(tag) }, "\(when): tag \(tag)") }
        }
        for n in 0..<20 {
            list.append(Row(key: "k\(n % 12)", tags: [n % 6]))  // repeated keys from 12 on: the first is found
            agrees("grown to \(list.count)")
            list[n / 2].tags.append((n + 1) % 6)
            agrees("tag added at \(list.count)")
            let old = list[n / 2].key
            list[n / 2].key = "renamed"
            agrees("key changed at \(list.count)")
            list[n / 2].key = old
        }
        while !list.isEmpty {
            list.remove(at: list.count / 2)
            agrees("shrunk to \(list.count)")
            if !list.isEmpty { list[0].tags = [5] }
            agrees("tags replaced at \(list.count)")
        }
    }

    @Test func aLongSessionKeepsABoundedOutboxAndTheNewestCodeStillChecks() throws {
        var sim = try Simulator(scenario: "phone-registered")
        let phone = PhoneNumber("0612345678")!
        for _ in 0..<200 {
            _ = sim.handle(CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]), session: "default")
            _ = sim.control(.advance(seconds: 3600))
        }
        let inbox = sim.world.inbox(phone)
        #expect(inbox.count == Account.smsHistoryLimit)
        #expect(inbox.map(\.sentAt) == inbox.map(\.sentAt).sorted())
        _ = sim.handle(CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]), session: "default")
        let newest = try #require(sim.world.inbox(phone).last)
        let answer = sim.handle(CallRequest(.set, "pims.authentication.smscode", ["action": "enrollment", "smsCode": .string(newest.code)]),
                                session: "default")
        #expect(answer.response.status == .succeeded, "\(String(describing: answer.response.error))")
    }
}
