import Card
import Foundation
import Futurae
import SimKernel

/// Card's and Futurae's lists as tables of the store: a row per entry, so that a purchase, an
/// activation or a push answer writes the rows it changed, whatever the history kept. Rows are keyed
/// by position (unique where a list's own keys need not be: a used activation code may be issued
/// again); a list whose rows moved or were replaced is written whole.
extension WorldTable {
    static let card: [WorldTable] = [
        list("casa.cardholders", \.casa.cardholders),
        list("casa.cards", \.casa.cards),
        list("casa.activationCodes", \.casa.activationCodes),
        list("casa.transactions", \.casa.transactions),
        cardDevices,
        cardPushes,
    ]

    static let futurae: [WorldTable] = [
        list("futurae.users", \.futurae.users),
        list("futurae.activations", \.futurae.activations),
        list("futurae.devices", \.futurae.devices),
        list("futurae.authSessions", \.futurae.authSessions),
    ]

    /// One keyed list of a system as a table.
    static func list<Row: KeyedRow & Codable>(_ name: String, _ path: WritableKeyPath<World, KeyedList<Row>> & Sendable) -> WorldTable {
        WorldTable(
            name: name,
            startLog: { w, token, count in w[keyPath: path].startLog(token, counting: count) },
            change: { w, token in
                let list = w[keyPath: path]
                return change(list.changes(since: token), count: list.count) { stored(String($0), $0, list[$0]) }
            },
            rows: { w in w[keyPath: path].enumerated().map { stored(String($0.offset), $0.offset, $0.element) } },
            strip: { w in w[keyPath: path] = [] },
            restore: { w, rows in w[keyPath: path] = KeyedList(try rows.map { try decode(Row.self, $0) }) })
    }

    /// A phone's app without its pushes, which grow with every purchase: they are rows of their own
    /// (`casa.pushes`), so a purchase writes one push, not the phone's whole list.
    static let cardDevices = WorldTable(
        name: "casa.devices",
        startLog: { w, token, count in w.casa.devices.startLog(token, counting: count) },
        change: { w, token in
            // A phone whose pushes alone changed keeps its row (the pushes are rows of `casa.pushes`).
            let list = w.casa.devices
            let positions = list.rowsBefore(since: token).map { before in
                before.filter { i, old in old?.withoutPushes != list[i].withoutPushes }.keys.sorted()
            }
            return change(positions, count: list.count) { stored(String($0), $0, list[$0].withoutPushes) }
        },
        rows: { w in w.casa.devices.enumerated().map { stored(String($0.offset), $0.offset, $0.element.withoutPushes) } },
        strip: { w in w.casa.devices = [] },
        restore: { w, rows in w.casa.devices = KeyedList(try rows.map { try decode(CardDevice.self, $0) }) })

    /// Each push a phone received: keyed by the phone's position and the push's, positioned by the
    /// push's (a phone's pushes read back oldest first). Pushes are only ever added to a phone, so
    /// what a step changed is the pushes past those its phones had before (read off the devices'
    /// change log, which this table shares: it starts none of its own); anything else rewrites them all.
    static let cardPushes = WorldTable(
        name: "casa.pushes",
        startLog: { _, _, _ in },
        change: { w, token in
            let devices = w.casa.devices
            guard let before = devices.rowsBefore(since: token) else { return .replaceAll(pushRows(w)) }
            var rows: [StoredRow] = []
            for (d, old) in before.sorted(by: { $0.key < $1.key }) {
                let had = old?.pushes ?? []
                let pushes = devices[d].pushes
                guard had.count <= pushes.count, had.isEmpty || pushes[had.count - 1] == had[had.count - 1] else {
                    return .replaceAll(pushRows(w))
                }
                for p in had.count..<pushes.count { rows.append(pushRow(devices[d].session, d, p, pushes[p])) }
            }
            return rows.isEmpty ? .unchanged : .upsert(rows)
        },
        rows: pushRows,
        strip: { w in
            for d in w.casa.devices.indices where !w.casa.devices[d].pushes.isEmpty { w.casa.devices[d].pushes = [] }
        },
        restore: { w, rows in
            for row in rows {
                let push = try decode(StoredPush.self, row)
                guard let d = w.casa.devices.index(of: push.session) else {
                    throw StoredPush.NoDevice(session: push.session)
                }
                w.casa.devices[d].pushes.append(PushNotification(transactionId: push.transactionId, sentAt: push.sentAt))
            }
        },
        readsLogOf: "casa.devices")

    private static func pushRows(_ w: World) -> [StoredRow] {
        w.casa.devices.enumerated().flatMap { d, device in
            device.pushes.indices.map { pushRow(device.session, d, $0, device.pushes[$0]) }
        }
    }

    private static func pushRow(_ session: String, _ d: Int, _ p: Int, _ push: PushNotification) -> StoredRow {
        stored("\(d).\(p)", p, StoredPush(session: session, transactionId: push.transactionId, sentAt: push.sentAt))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ row: StoredRow) throws -> T {
        try JSONDecoder().decode(type, from: Data(row.json.utf8))
    }
}

/// A push as stored: the phone's session beside it.
struct StoredPush: Codable {
    var session: String
    var transactionId: String
    var sentAt: SimTime

    struct NoDevice: Error, CustomStringConvertible {
        let session: String
        var description: String { "a push to session \"\(session)\", which has no app stored" }
    }
}

extension CardDevice {
    var withoutPushes: CardDevice { CardDevice(session: session, accounts: accounts, provisioning: provisioning) }
}
