import Foundation
import PIMS
@testable import SimClient
import SimServer
import SimTestSupport
import Testing

/// `GET /v1/events` (issue 8): server-sent events that survive a restart and a dropped connection.
@Suite struct EventStreamTests {
    @Test func aSubscriberResumesAcrossARestartAndSeesEachEventOnce() async throws {
        let first = try await TestServer.startOnOwnAddress(scenario: "phone-registered")
        // A slow reconnect, so that the SMS below is sent while the watcher is away: it must come from
        // the server's stored events, not from a live connection.
        let watcher = try RemoteBackend(url: first.url, adminToken: first.admin,
                                        timeout: .seconds(120), eventBackoff: .init(first: .seconds(2), last: .seconds(2)))
        let sender = try first.client()
        let events = EventReader(watcher.events(session: "default"))
        try await events.waitUntilLive(sender)

        #expect(await sender.call(.get, "pims.authentication.smscode", ["type": "enrollment"]).status == .succeeded)
        let before = try await events.next(of: .smsDelivered)

        await first.stop()
        let second = try await first.restarted(scenario: "phone-registered")
        let afterRestart = await sender.call(.get, "pims.authentication.smscode", ["type": "enrollment"])
        #expect(afterRestart.status == .succeeded, "\(JSONText.encode(afterRestart.json))")

        let resumed = try await events.next(of: .smsDelivered)
        #expect(resumed.id > before.id, "the event sent while away, not the one seen before")
        let inbox = try await sender.control(["sim": "inbox", "phone": "0612345678"])
        #expect(resumed.data["code"] == inbox["messages"]?.arrayValue?.last?["code"])
        // Nothing twice: up to a marker, no SMS comes again.
        _ = try await sender.control(["sim": "clearFaults"])
        let between = try await events.upTo(.faultsChanged)
        #expect(!between.contains { $0.kind == .smsDelivered } && between.allSatisfy { $0.id > resumed.id }, "\(between)")
        await second.stop()
    }

    @Test func theStreamIsServerSentEventsWithIdsHeartbeatsAndResume() async throws {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let core = try ServerCore(databasePath: path, seed: .named("phone-registered"), honoursLatency: false)
        let admin = "test-admin-token-0123456789"
        let server = try await TeamServer.start(core: core, options: .init(port: 0, adminToken: admin, heartbeat: .milliseconds(200)))
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(server.port)"
        let client = try RemoteBackend(url: base, adminToken: admin, timeout: .seconds(120))
        // Two SMS before anyone listens: a resume after 0 replays both, in order.
        for _ in 0..<2 { _ = await client.call(.get, "pims.authentication.smscode", ["type": "enrollment"]) }

        let raw = try await Self.read(base + "/v1/events?session=default", bearer: admin, lastEventID: "0", until: ": heartbeat")
        #expect(raw.contentType == "text/event-stream")
        #expect(raw.text.hasPrefix("retry: 1000\n\n"))
        let ids = raw.text.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { Int($0.dropFirst(4))! }
        let smsIDs = raw.text.components(separatedBy: "\n\n").filter { $0.contains("event: sms") }.count
        #expect(smsIDs == 2)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        #expect(raw.text.contains("data: {\"at\":"), "one JSON object per message")

        // Resuming after the first id gives the rest only.
        let rest = try await Self.read(base + "/v1/events?session=default", bearer: admin, lastEventID: String(ids[0]), until: ": heartbeat")
        let restIDs = rest.text.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { Int($0.dropFirst(4))! }
        #expect(restIDs == Array(ids.dropFirst()))
    }

    @Test func theStreamNeedsAKnownSession() async throws {
        try await withServer { server in
            let noSession = try await server.http.request(.GET, "/v1/events", headers: [("Authorization", "Bearer \(server.admin)")])
            #expect(noSession.status == 400)
            #expect(noSession.error?.contains("?session=NAME") == true)
            let unknown = try await server.http.request(.GET, "/v1/events", headers: [("Authorization", "Bearer nope")])
            #expect(unknown.status == 401)
            let token = try #require(try await server.http.openSession(device: "d1"))
            let badResume = try await server.http.request(.GET, "/v1/events", headers: [("Authorization", "Bearer \(token)"), ("Last-Event-ID", "x")])
            #expect(badResume.status == 400)
        }
    }

    @Test func theCallRouteIsNeutralAndPIMSIsItsAlias() async throws {
        try await withServer("enrolled") { server in
            let token = try #require(try await server.http.openSession(device: "d1"))
            let login: JSONValue = ["type": "set", "name": "pims.authentication.user",
                                    "params": ["action": "login", "username": "alice@example.com", "password": "alice-pass"]]
            let viaCall = try await server.http.post("/v1/call", login, bearer: token)
            let viaAlias = try await server.http.post("/v1/pims", login, bearer: token)
            #expect(viaCall.status == 200 && viaAlias.status == 200)
            #expect(viaCall.json?["status"] == "SUCCEEDED" && viaAlias.json?["status"] == "SUCCEEDED")
            // `type: call` is a verb of the envelope; PIMS's input checks answer it like any unknown sub-API.
            let callType = try await server.http.post("/v1/call", ["type": "call", "name": "pims.authentication.trustedphonenumber"], bearer: token)
            #expect(callType.status == 200)
        }
    }

    /// The restart on the same address: the old server's connections may still be closing on a busy
    /// machine, so the port is asked for again for up to a minute.
    static func startAgain(core: ServerCore, options: TeamServer.Options) async throws -> RunningServer {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                return try await TeamServer.start(core: core, options: options)
            } catch where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    /// Reads an event stream until `marker` shows, with a generous limit.
    static func read(_ url: String, bearer: String, lastEventID: String?, until marker: String) async throws -> (contentType: String?, text: String) {
        var headers = [("Authorization", "Bearer \(bearer)")]
        if let lastEventID { headers.append(("Last-Event-ID", lastEventID)) }
        let deadline = ContinuousClock.now + .seconds(60)
        var contentType: String?
        var text = Data()
        for try await part in HTTPTransport.shared.stream(URL(string: url)!, headers: headers) {
            switch part {
            case .head(_, let headers): contentType = headers.first { $0.name.lowercased() == "content-type" }?.value
            case .bytes(let bytes): text += bytes
            }
            if String(decoding: text, as: UTF8.self).contains(marker) || ContinuousClock.now > deadline { break }
        }
        return (contentType, String(decoding: text, as: UTF8.self))
    }
}

@Suite struct ServerSentEventParserTests {
    @Test func messagesSplitAcrossChunksAndCommentsAreRead() {
        var parser = ServerSentEventParser()
        let event = SimEvent(id: 7, kind: .smsDelivered, data: ["code": "1234"], at: SimTime(seconds: 0), sessions: ["default"])
        let message = "id: 7\nevent: sms\ndata: \(JSONText.encode(event.json))\n\n"
        let cut = message.index(message.startIndex, offsetBy: 20)
        #expect(parser.feed(": heartbeat\n\nretry: 1000\n\n").isEmpty)
        #expect(parser.feed(String(message[..<cut])).isEmpty)
        #expect(parser.feed(String(message[cut...]) + ": heartbeat\r\n\r\n") == [event])
    }
}
