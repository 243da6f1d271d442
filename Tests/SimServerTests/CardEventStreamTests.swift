import Foundation
import PIMS
@testable import SimClient
import SimServer
import SimTestSupport
import Testing

/// A purchase made over `/v1/sim` reaches the phone that holds the card over HTTP (§4): through
/// `GET /v1/events` of the device's own session, once, and again after a reconnect or a restart.
@Suite struct CardEventStreamTests {
    static let purchase: JSONValue = ["sim": "casa.purchase", "card": "4242", "merchant": "Demo Shop", "amount": 4999, "currency": "EUR"]

    /// The `id:` and `event:` of each message of a server-sent event stream's text.
    static func messages(_ text: String) -> [(id: Int, kind: String, data: String)] {
        text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard let id = lines.first(where: { $0.hasPrefix("id: ") }).flatMap({ Int($0.dropFirst(4)) }),
                  let kind = lines.first(where: { $0.hasPrefix("event: ") }).map({ String($0.dropFirst(7)) })
            else { return nil }
            return (id, kind, lines.first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) } ?? "")
        }
    }

    @Test func aPurchaseOverSimReachesTheDeviceSessionOnceAndResumesAfterAReconnect() async throws {
        try await withServer("card-activation") { server in
            // A phone joins over HTTP and sets up the card by the standard activation (C11, C12).
            let opened = try await server.http.post("/v1/sessions", ["device": "alice-pixel", "biometrics": true])
            #expect(opened.status == 201, "\(opened.text)")
            let token = try #require(opened.json?["session"]?.stringValue)
            let name = try #require(opened.json?["name"]?.stringValue)
            let activation = try await server.http.post("/v1/call", ["type": "call", "name": "casa.verifyActivation",
                                                                     "params": ["activationCode": "40718263", "displayName": "Everyday"]], bearer: token)
            #expect(activation.json?["result"]?["pinRequired"] == true, "\(activation.text)")
            let pin = try await server.http.post("/v1/call", ["type": "call", "name": "casa.setPin", "params": ["pin": "2468"]], bearer: token)
            #expect(pin.json?["status"] == "SUCCEEDED", "\(pin.text)")

            // The shop: a purchase over /v1/sim, then a marker every session hears.
            let bought = try await server.http.post("/v1/sim", Self.purchase, bearer: server.admin)
            #expect(bought.json?["pushedTo"] == .array([.string(name)]), "\(bought.text)")
            _ = try await server.http.post("/v1/sim", ["sim": "clearFaults"], bearer: server.admin)
            let stream = try await EventStreamTests.read(server.url + "/v1/events", bearer: token, lastEventID: "0", until: "event: faults")
            let pushes = Self.messages(stream.text).filter { $0.kind == "push" }
            #expect(pushes.count == 1, "exactly once: \(stream.text)")
            let first = try #require(pushes.first)
            #expect(first.data.contains("\"merchantName\":\"Demo Shop\"") && first.data.contains("\"sessions\":[\"\(name)\"]"))

            // Away: a second purchase; the reconnect resumes after the first push and sees the second only.
            let again = try await server.http.post("/v1/sim", Self.purchase, bearer: server.admin)
            let secondId = try #require(again.json?["transaction"]?["transactionId"]?.stringValue)
            // A marker of its own (one fault: `"count":1`), not the first marker replayed.
            _ = try await server.http.post("/v1/sim", ["sim": "fault", "name": "casa.marker", "latencyMs": 1], bearer: server.admin)
            let resumed = try await EventStreamTests.read(server.url + "/v1/events", bearer: token, lastEventID: String(first.id),
                                                          until: "\"count\":1")
            let later = Self.messages(resumed.text).filter { $0.kind == "push" }
            #expect(later.count == 1 && later.first?.data.contains(secondId) == true, "\(resumed.text)")
            #expect(later.allSatisfy { $0.id > first.id })
        }
    }

    @Test func aSubscriberOfThePhoneSeesPushesAcrossARestartOnce() async throws {
        let first = try await TestServer.startOnOwnAddress(scenario: "card-replacement")
        // A slow reconnect, so that the second purchase is made while the phone is away.
        let phone = try RemoteBackend(url: first.url, adminToken: first.admin, timeout: .seconds(120), eventBackoff: .init(first: .seconds(2), last: .seconds(2)))
        let shop = try first.client()
        let events = EventReader(phone.events(session: "default"))
        try await events.waitUntilLive(shop)

        #expect(try await shop.control(Self.purchase).ok)
        let before = try await events.next(of: .push)

        await first.stop()
        let second = try await first.restarted(scenario: "card-replacement")
        let away = try await shop.control(Self.purchase)
        #expect(away.ok, "\(away.error ?? "")")

        let resumed = try await events.next(of: .push)
        #expect(resumed.id > before.id && resumed.data["transactionId"] == away["transaction"]?["transactionId"])
        _ = try await shop.control(["sim": "clearFaults"])
        let between = try await events.upTo(.faultsChanged)
        #expect(!between.contains { $0.kind == .push } && between.allSatisfy { $0.id > resumed.id }, "\(between)")
        await second.stop()
    }
}
