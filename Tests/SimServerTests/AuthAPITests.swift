import Foundation
import FuturaeServer
import PIMS
import SimClient
import SimServer
import SimTestSupport
import SimWorld
import Testing

/// The Auth API (docs/futurae-rules.md, FA1–FA14) on `enrollsim serve`: the signing (FA2, FA3), refusals (FA4), every endpoint's
/// fields and JSON types (FA7–FA14), the QR image (FA9) and the whole sequence an identity provider
/// runs, with the phone played through the server's own call API.
@Suite struct AuthAPITests {
    static let serviceId = "07b7e1f4-2197-481a-b776-1adcb140af06"
    static let key = "acme-bank-auth-api-key-for-enrollsim"
    static let alice = "91133ec4-a568-42f6-a762-2bc180426939"

    static func client(_ server: TestServer) -> AuthAPIClient {
        AuthAPIClient(base: server.url, serviceId: serviceId, key: key)
    }

    /// Starts a server on `scenario` with these Auth API options.
    static func withAuthServer<T>(_ scenario: String = "futurae-fresh", options: AuthAPIOptions = .init(),
                                  _ body: (TestServer) async throws -> T) async throws -> T {
        let path = TemporaryFolder.make().appendingPathComponent("world.db").path
        let core = try ServerCore(databasePath: path, seed: .parse(scenario), honoursLatency: false)
        var serverOptions = TeamServer.Options(port: 0, adminToken: "test-admin-token-0123456789")
        serverOptions.systemRoutes = [FuturaeAuthAPI(options: options)]
        let running = try await TeamServer.start(core: core, options: serverOptions)
        let server = TestServer(core: core, server: running, admin: "test-admin-token-0123456789", databasePath: path)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// FA3's and FA4's body: `{"error": true, "code", "message"}`.
    static func expectRefusal(_ answer: TestHTTP.Answer, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.json?["error"] == true, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.json?["code"] == .int(status * 100), "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.json?["message"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    }

    // MARK: FA2

    @Test func fa2SignaturesMatchFixedVectors() {
        // Computed independently: printf '…' | openssl dgst -sha256 -hmac KEY
        let date = "Wed, 22 Apr 2026 10:01:24 +0100"
        #expect(AuthAPISignature.sign(key: Self.key, date: date, method: "POST", host: "localhost", target: "/srv/auth/v1/user/enroll",
                                      body: Array(#"{"username":"carol@example.com"}"#.utf8))
                == "72ffe397ed823e3f8ca2efdeb0471f3f44c1b72dae9b5acb91a3fc2b1553fffa")
        // GET: an empty body, still followed by its line feed; the query exactly as sent (not decoded).
        #expect(AuthAPISignature.sign(key: Self.key, date: date, method: "GET", host: "127.0.0.1",
                                      target: "/srv/auth/v1/users?username=alice%40example.com", body: [])
                == "d1aed4b94c3fa91bf48b33c9e9843e586d1288831074b15e21cdbe401c0d4095")
        #expect(AuthAPISignature.message(date: "D", method: "GET", host: "h", target: "/p?q", body: Array("b".utf8))
                == Array("D\nGET\nh\n/p?q\nb\n".utf8))
        #expect(AuthAPISignature.hostWithoutPort("localhost:8443") == "localhost")
        #expect(AuthAPISignature.hostWithoutPort("[::1]:8443") == "[::1]")
        #expect(AuthAPISignature.hostWithoutPort("127.0.0.1") == "127.0.0.1")
        #expect(AuthAPISignature.authorization(serviceId: "s", signature: "ab") == "Basic czphYg==")
    }

    @Test func fa2DatesAreRFC2822WithAnyNumericOffset() throws {
        let instant = Date(timeIntervalSince1970: 1_776_848_484)  // 2026-04-22T09:01:24Z
        #expect(RFC2822Date.parse("Wed, 22 Apr 2026 10:01:24 +0100") == instant)
        #expect(RFC2822Date.parse("22 Apr 2026 04:01:24 -0500") == instant)
        #expect(RFC2822Date.parse("Wed, 22 Apr 2026 09:01:24 GMT") == instant)
        #expect(RFC2822Date.parse(RFC2822Date.format(instant)) == instant)
        #expect(RFC2822Date.format(instant) == "Wed, 22 Apr 2026 09:01:24 +0000")
        for bad in ["", "2026-04-22T09:01:24Z", "Wed, 32 Apr 2026 10:01:24 +0100", "Wed, 22 Foo 2026 10:01:24 +0100",
                    "Wed, 22 Apr 2026 25:01:24 +0100", "Wed, 22 Apr 2026 10:01:24 +01", "Wed, 22 Apr 2026 10:01:24 +-100"] {
            #expect(RFC2822Date.parse(bad) == nil, "\(bad)")
        }
    }

    // MARK: FA3

    @Test func fa3BadSignaturesUnknownServicesAndStaleDatesAre401() async throws {
        try await Self.withAuthServer { server in
            let api = Self.client(server)
            let lookup = "/srv/auth/v1/users?username=alice%40example.com"
            #expect(try await api.get(lookup).status == 200)
            // Upper-case hex is the same signature (FA2); a replay is accepted (FA3).
            let date = RFC2822Date.format(Date())
            let upper = AuthAPISignature.sign(key: Self.key, date: date, method: "GET", host: "127.0.0.1", target: lookup, body: []).uppercased()
            var fixed = api
            fixed.date = { date }
            #expect(try await fixed.get(lookup, tamper: .init(signature: upper)).status == 200)
            #expect(try await fixed.get(lookup, tamper: .init(signature: upper)).status == 200)

            let stale = RFC2822Date.format(Date().addingTimeInterval(-301))
            let refused: [(String, AuthAPIClient.Tamper)] = [
                ("wrong signature", .init(signature: String(repeating: "0", count: 64))),
                ("signed with the port in the host", .init(host: "127.0.0.1:\(server.server.port)")),
                ("unknown service", .init(serviceId: "00000000-0000-4000-8000-000000000000")),
                ("missing FT-Date", .init(date: .some(nil))),
                ("unparsable FT-Date", .init(date: "yesterday")),
                ("FT-Date 301 s ago", .init(date: .some(stale))),
            ]
            for (why, tamper) in refused {
                let answer = try await api.get(lookup, tamper: tamper)
                Self.expectRefusal(answer, 401)
                #expect(answer.status == 401, "\(why)")
            }
            // A body changed after signing.
            let signedBody = JSONText.encode(["username": "alice@example.com"])
            let signature = AuthAPISignature.sign(key: Self.key, date: date, method: "POST", host: "127.0.0.1",
                                                  target: "/srv/auth/v1/user/preauth", body: Array(signedBody.utf8))
            Self.expectRefusal(try await fixed.post("/srv/auth/v1/user/preauth", ["username": "bob@example.com"],
                                                    tamper: .init(signature: signature)), 401)
            #expect(try await fixed.post("/srv/auth/v1/user/preauth", ["username": "alice@example.com"], tamper: .init(signature: signature)).status == 200)
            // The wrong key.
            var other = api
            other.key = "another-key-that-is-long-enough"
            Self.expectRefusal(try await other.get(lookup), 401)
        }
    }

    @Test func fa3ASkewOfZeroTurnsTheDateCheckOffAndFlagsOverrideTheCredentials() async throws {
        try await Self.withAuthServer(options: AuthAPIOptions(serviceId: "idp-test", apiKey: "a-key-given-on-the-command-line", dateSkew: 0)) { server in
            var api = AuthAPIClient(base: server.url, serviceId: "idp-test", key: "a-key-given-on-the-command-line")
            api.date = { "Thu, 01 Jan 2015 00:00:00 +0000" }
            #expect(try await api.get("/srv/auth/v1/users?username=bob%40example.com").status == 200)
            // The scenario's own credentials no longer open it.
            Self.expectRefusal(try await Self.client(server).get("/srv/auth/v1/users?username=bob%40example.com"), 401)
        }
    }

    // MARK: FA4

    @Test func fa4BadRequestsAre400() async throws {
        try await Self.withAuthServer { server in
            let api = Self.client(server)
            Self.expectRefusal(try await api.send("POST", "/srv/auth/v1/user/enroll", body: "{\"username\": "), 400)
            Self.expectRefusal(try await api.send("POST", "/srv/auth/v1/user/enroll", body: "[1]"), 400)
            let bad: [(String, JSONValue)] = [
                ("/srv/auth/v1/user/enroll", ["username": "carol@example.com", "valid_secs": "60"]),
                ("/srv/auth/v1/user/enroll", ["username": "carol@example.com", "user_id": .string(Self.alice)]),
                ("/srv/auth/v1/user/enroll", [:]),
                ("/srv/auth/v1/user/enroll", ["user_id": "00000000-0000-4000-8000-000000000000"]),
                ("/srv/auth/v1/user/enroll", ["username": "carol@example.com", "short_code": "yes"]),
                ("/srv/auth/v1/user/enroll_status", ["username": "alice@example.com"]),
                ("/srv/auth/v1/user/enroll_status", ["username": "alice@example.com", "enrollment_id": "nope"]),
                ("/srv/auth/v1/user/auth", ["username": "alice@example.com", "factor": "passcode", "device_id": "auto"]),
                ("/srv/auth/v1/user/auth", ["username": "alice@example.com", "factor": "approve", "device_id": "auto"]),  // no device
                ("/srv/auth/v1/user/auth", ["username": "alice@example.com"]),
                ("/srv/auth/v1/user/auth/status", ["session_id": "nope"]),
                ("/srv/auth/v1/user/unenroll", ["username": "alice@example.com", "device_id": "no-device"]),
            ]
            for (path, body) in bad {
                let answer = try await api.post(path, body)
                Self.expectRefusal(answer, 400)
                #expect(answer.status == 400, "\(path) \(JSONText.encode(body))")
            }
            // FA7, FA8: an unknown user is a 400 (the client enrolls a new one).
            Self.expectRefusal(try await api.get("/srv/auth/v1/users?username=carol%40example.com"), 400)
            Self.expectRefusal(try await api.get("/srv/auth/v1/users/00000000-0000-4000-8000-000000000000"), 400)
            Self.expectRefusal(try await api.get("/srv/auth/v1/users"), 400)
            // Nothing was created by the refusals.
            #expect(server.core.world.futurae.activations.isEmpty)
            #expect(server.core.world.futurae.users.count == 2)
        }
    }

    // MARK: the edges (issue 43)

    /// FA1: a body declared as anything but JSON is 415, one over 64 KiB is 413, a path no route
    /// takes is 404 (a known one asked with another method 405), each with its own code in FA's shape.
    @Test func aNonJSONBodyIs415AnOversizedOne413AndAnUnknownPath404() async throws {
        try await Self.withAuthServer { server in
            let api = Self.client(server)
            let preauth = "/srv/auth/v1/user/preauth"
            let body = JSONText.encode(["username": "alice@example.com"])
            for type in ["text/plain", "application/x-www-form-urlencoded", "text/json"] {
                let answer = try await api.send("POST", preauth, body: body, contentType: type)
                Self.expectRefusal(answer, 415)
                #expect(answer.json?["message"]?.stringValue?.contains(type) == true, "\(answer.text)")
            }
            // JSON with a parameter, in any case, is JSON; a wrong signature is 401 before the type is looked at.
            #expect(try await api.send("POST", preauth, body: body, contentType: "Application/JSON; charset=utf-8").status == 200)
            Self.expectRefusal(try await api.send("POST", preauth, body: body, contentType: "text/plain",
                                                  tamper: .init(signature: String(repeating: "0", count: 64))), 401)
            // A body that declares no type is read as JSON (libcurl always declares one: sent by hand).
            let date = RFC2822Date.format(Date())
            let signature = AuthAPISignature.sign(key: Self.key, date: date, method: "POST", host: "127.0.0.1", target: preauth, body: Array(body.utf8))
            let raw = try RawConnection(port: server.server.port)
            try raw.send("POST \(preauth) HTTP/1.1\r\nHost: 127.0.0.1:\(server.server.port)\r\nFT-Date: \(date)\r\n"
                         + "Authorization: \(AuthAPISignature.authorization(serviceId: Self.serviceId, signature: signature))\r\n"
                         + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            let untyped = await raw.readResponse()
            #expect(untyped.hasPrefix("HTTP/1.1 200"), "\(untyped)")
            // Over 64 KiB, however the body is typed.
            let big = JSONText.encode(["username": .string(String(repeating: "a", count: 64 * 1024))])
            Self.expectRefusal(try await api.send("POST", preauth, body: big), 413)
            Self.expectRefusal(try await api.send("POST", preauth, body: big, contentType: "text/plain"), 413)
            // 404 and 405.
            let unknown = try await api.get("/srv/auth/v1/no/such/route")
            Self.expectRefusal(unknown, 404)
            #expect(unknown.json?["message"]?.stringValue?.contains("POST /srv/auth/v1/user/auth") == true, "\(unknown.text)")
            Self.expectRefusal(try await api.post("/srv/auth/v1/user/authorize", ["username": "alice@example.com"]), 404)
            let image = try await HTTPTransport.shared.send("GET", try #require(URL(string: server.url + "/srv/auth/v1/activation/nope/qrcode.png")),
                                                            timeout: .seconds(60))
            Self.expectRefusal(TestHTTP.Answer(status: image.status, text: image.text, headers: image.headers.map { ($0.name, $0.value) }), 404)
            let wrongMethod = try await api.get("/srv/auth/v1/user/enroll")
            Self.expectRefusal(wrongMethod, 405)
            #expect(wrongMethod.header("Allow") == "POST")
            // Outside the prefix, the server's own shape.
            let other = try await server.http.request(.GET, "/srv/nothing")
            #expect(other.status == 404 && other.json?["error"]?.stringValue?.contains("no route") == true, "\(other.text)")
        }
    }

    /// `authSession` events (who is logging in, and when) reach the back office and the sessions
    /// holding that user's account, never another device session.
    @Test func authSessionEventsReachTheUsersDevicesAndTheBackOfficeOnly() async throws {
        try await Self.withAuthServer { server in
            let api = Self.client(server)
            let enroll = try #require(try await api.post("/srv/auth/v1/user/enroll", ["username": "carol@example.com"]).json)
            let payload = try #require(enroll["activation_code_uri"]?.stringValue)
            let userId = try #require(enroll["user_id"]?.stringValue)
            let phone = try #require(try await server.http.openSession(device: "carol-phone", platform: "android"))
            let enrolled = try await server.http.post("/v1/call", ["type": "call", "name": "futurae.enroll", "params": ["activationCode": .string(payload)]],
                                                      bearer: phone)
            #expect(enrolled.json?["status"] == "SUCCEEDED", "\(enrolled.text)")
            let bystander = try #require(try await server.http.openSession(device: "mallory-phone", platform: "android"))

            func stream(bearer: String, query: String = "") async throws -> RawConnection {
                let connection = try RawConnection(port: server.server.port)
                try connection.send("GET /v1/events\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(bearer)\r\n\r\n")
                _ = await connection.read { $0.contains("retry: 1000") }
                return connection
            }
            let carolsStream = try await stream(bearer: phone)
            let bystandersStream = try await stream(bearer: bystander)
            let backOffice = try await stream(bearer: server.admin, query: "?session=default")

            let approved = try await Self.login(api, userId)
            try await Self.answer(server, phone, "approveAuth", approved)
            // A marker every session gets, after the two authSession events.
            _ = await server.admin { try await $0.control(["sim": "fault", "name": "pims.marker", "latencyMs": 1]) }
            for (who, connection, expected) in [("carol's phone", carolsStream, 2), ("the back office", backOffice, 2), ("another device", bystandersStream, 0)] {
                let (text, _) = await connection.read { $0.contains("event: faults") }
                #expect(text.contains("event: faults"), "\(who): \(text.suffix(300))")
                #expect(text.components(separatedBy: "event: authSession\n").count - 1 == expected, "\(who): \(text)")
            }
        }
    }

    // MARK: the whole sequence

    @Test func theIdentityProvidersSequenceOverPlainHTTP() async throws {
        try await Self.withAuthServer { server in
            try await Self.walkTheSequence(api: Self.client(server), server: server)
        }
    }

    /// lookup 400 → enroll → PNG decoded → phone enrolls → enroll_status success → preauth → auth →
    /// phone approves → allow; reject → deny; fraud; expiry → timeout; unenroll → 2FA disabled.
    static func walkTheSequence(api: AuthAPIClient, server: TestServer) async throws {
        // FA7: carol is unknown.
        expectRefusal(try await api.get("/srv/auth/v1/users?username=carol%40example.com"), 400)
        // FA9: enroll creates her.
        let enroll = try await api.post("/srv/auth/v1/user/enroll", ["username": "carol@example.com", "short_code": true, "valid_secs": 3600])
        #expect(enroll.status == 200, "\(enroll.text)")
        #expect(enroll.header("Content-Type") == "application/json; charset=utf-8")
        let e = try #require(enroll.json)
        for key in ["enrollment_id", "user_id", "username", "activation_code", "activation_code_uri", "activation_qrcode_url",
                    "activation_qrcode_data_uri", "activation_code_short"] {
            #expect(e[key]?.stringValue != nil, "\(key) is a string in \(enroll.text)")
        }
        guard case .int(let expiration)? = e["expiration"] else { Issue.record("expiration is not an integer: \(enroll.text)"); return }
        #expect(expiration == server.core.world.clock.seconds + 3600)
        #expect(e["username"] == "carol@example.com")
        let short = try #require(e["activation_code_short"]?.stringValue)
        #expect(short.count == 16 && short.allSatisfy(\.isNumber))
        let payload = try #require(e["activation_code_uri"]?.stringValue)
        #expect(payload == "futurae://enroll?activation_code=" + (e["activation_code"]?.stringValue ?? "-"))
        // The QR image: served unsigned, the same PNG as the data URI, decoded by zbarimg to the payload.
        let url = try #require(e["activation_qrcode_url"]?.stringValue.flatMap(URL.init(string:)))
        #expect(url.absoluteString.hasPrefix(api.base + "/srv/auth/v1/"))
        let image = try await HTTPTransport.shared.send("GET", url, timeout: .seconds(60))
        #expect(image.status == 200)
        #expect(image.headers.first { $0.name.lowercased() == "content-type" }?.value == "image/png")
        let dataURI = try #require(e["activation_qrcode_data_uri"]?.stringValue)
        #expect(dataURI.hasPrefix("data:image/png;base64,"))
        #expect(Data(base64Encoded: String(dataURI.dropFirst("data:image/png;base64,".count))) == image.body)
        #expect(Array(image.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try await ZBar.decode(image.body) == payload)
        // The back office lists the activation the API created.
        let enrollmentId = try #require(e["enrollment_id"]?.stringValue)
        let userId = try #require(e["user_id"]?.stringValue)
        let listed = await server.admin { try await $0.control(["sim": "futurae.activations", "user": "carol@example.com"]) }
        #expect(listed?["activations"]?.arrayValue?.first?["enrollmentId"] == .string(enrollmentId))
        // FA10: pending until the phone scans.
        let status = ["username": JSONValue.string("carol@example.com"), "enrollment_id": .string(enrollmentId)]
        #expect(try await api.post("/srv/auth/v1/user/enroll_status", .object(status)).json == ["result": "pending"])
        // FA7: known now, without a device.
        #expect(try await api.get("/srv/auth/v1/users?username=carol%40example.com").json
                == ["user_id": .string(userId), "username": "carol@example.com", "status": "disabled"])
        #expect(try await api.post("/srv/auth/v1/user/preauth", ["user_id": .string(userId)]).json == ["result": "deny", "user_status": "disabled"])

        // The phone (a device session of its own) scans the QR code.
        let phone = try #require(try await server.http.openSession(device: "carol-phone", platform: "android"))
        let events = server.core.events.subscribe(session: try #require(server.core.world.sessions.rows.last?.name))
        let enrolled = try await server.http.post("/v1/call", ["type": "call", "name": "futurae.enroll", "params": ["activationCode": .string(payload)]], bearer: phone)
        #expect(enrolled.json?["status"] == "SUCCEEDED", "\(enrolled.text)")
        #expect(try await api.post("/srv/auth/v1/user/enroll_status", ["user_id": .string(userId), "enrollment_id": .string(enrollmentId)]).json
                == ["result": "success", "device_id": "carol-phone"])

        // FA8: the user and her device, every field of its type.
        let info = try #require(try await api.get("/srv/auth/v1/users/\(userId)").json)
        #expect(info["status"] == "enabled" && info["username"] == "carol@example.com" && info["display_name"]?.stringValue != nil)
        #expect(info["allowed_factors"] == ["approve"])
        let device = try #require(info["devices"]?.arrayValue?.first)
        #expect(device["device_id"] == "carol-phone" && device["type"] == "android" && device["capabilities"] == ["approve"])
        #expect(device["version"]?.stringValue != nil && device["display_name"]?.stringValue != nil && device["device_integrity"]?.stringValue != nil)
        #expect(device["version_supported"] == true)
        #expect(device["enrolled_at"] == .int(server.core.world.clock.seconds))
        // FA12
        let preauth = try #require(try await api.post("/srv/auth/v1/user/preauth", ["username": "carol@example.com"]).json)
        #expect(preauth["result"] == "auth" && preauth["recommended_factor"] == "approve" && preauth["allowed_factors"] == ["approve"])
        #expect(preauth["devices"]?.arrayValue?.first?["device_id"] == "carol-phone")
        #expect(try await api.post("/srv/auth/v1/user/preauth", ["username": "nobody@example.com"]).json == ["result": "unknown"])

        // FA13 → F8 → F9 approve → FA14 allow.
        let approved = try await login(api, userId)
        let pushed = await firstEvent(events, kind: "futurae.auth")
        #expect(pushed?.data["sessionId"] == .string(approved))
        #expect(pushed?.data["serviceName"] == "Acme Bank")
        let waiting = try #require(try await api.post("/srv/auth/v1/user/auth/status", ["session_id": .string(approved)]).json)
        #expect(waiting["result"] == "waiting" && waiting["device_id"] == "carol-phone" && waiting["status_msg"]?.stringValue != nil)
        try await answer(server, phone, "approveAuth", approved)
        #expect(try await authStatus(api, approved, userId) == ["allow", "allow"])
        // Reject, fraud, expiry.
        let rejected = try await login(api, userId)
        try await answer(server, phone, "rejectAuth", rejected)
        #expect(try await authStatus(api, rejected, userId) == ["deny", "deny"])
        let fraud = try await login(api, userId)
        try await answer(server, phone, "rejectAuth", fraud, isFraud: true)
        #expect(try await authStatus(api, fraud, userId) == ["deny", "fraud"])
        let late = try await login(api, userId)
        _ = await server.admin { try await $0.control(["sim": "advance", "seconds": 121]) }
        #expect(try await authStatus(api, late, userId) == ["deny", "timeout"])
        // The back office lists the sessions the API created.
        let sessions = await server.admin { try await $0.control(["sim": "futurae.authentications", "user": .string(userId)]) }
        #expect(sessions?["authSessions"]?.arrayValue?.compactMap { $0["status"]?.stringValue } == ["allow", "deny", "fraud", "timeout"])
        // FA11: her only device: 2FA is off.
        #expect(try await api.post("/srv/auth/v1/user/unenroll", ["username": "carol@example.com", "device_id": "carol-phone"]).json
                == ["result": "success_2fa_disabled"])
        Self.expectRefusal(try await api.post("/srv/auth/v1/user/auth", ["username": "carol@example.com", "factor": "approve", "device_id": "auto"]), 400)
    }

    @Test func fa10AnEnrollmentPastItsLifetimeIsExpired() async throws {
        try await Self.withAuthServer { server in
            let api = Self.client(server)
            let enroll = try #require(try await api.post("/srv/auth/v1/user/enroll", ["user_id": .string(Self.alice), "valid_secs": 60]).json)
            let id = try #require(enroll["enrollment_id"]?.stringValue)
            #expect(enroll["activation_code_short"] == nil)
            _ = await server.admin { try await $0.control(["sim": "advance", "seconds": 60]) }
            #expect(try await api.post("/srv/auth/v1/user/enroll_status", ["user_id": .string(Self.alice), "enrollment_id": .string(id)]).json
                    == ["result": "expired"])
            // Another user's enrollment is not hers.
            Self.expectRefusal(try await api.post("/srv/auth/v1/user/enroll_status", ["username": "bob@example.com", "enrollment_id": .string(id)]), 400)
        }
    }

    // MARK: helpers

    static func login(_ api: AuthAPIClient, _ userId: String) async throws -> String {
        let auth = try await api.post("/srv/auth/v1/user/auth", ["user_id": .string(userId), "factor": "approve", "device_id": "auto"])
        #expect(auth.status == 200, "\(auth.text)")
        let id = try #require(auth.json?["session_id"]?.stringValue)
        #expect(auth.json?["mobile_auth_uri"]?.stringValue?.hasPrefix("futurae://auth") == true)
        return id
    }

    static func authStatus(_ api: AuthAPIClient, _ id: String, _ userId: String) async throws -> [String] {
        let json = try #require(try await api.post("/srv/auth/v1/user/auth/status", ["session_id": .string(id), "user_id": .string(userId)]).json)
        return [json["result"]?.stringValue ?? "-", json["status"]?.stringValue ?? "-"]
    }

    static func answer(_ server: TestServer, _ phone: String, _ name: String, _ id: String, isFraud: Bool = false) async throws {
        var params: [String: JSONValue] = ["sessionId": .string(id)]
        if isFraud { params["isFraud"] = true }
        let answer = try await server.http.post("/v1/call", ["type": "call", "name": .string("futurae." + name), "params": .object(params)], bearer: phone)
        #expect(answer.json?["status"] == "SUCCEEDED", "\(answer.text)")
    }

    /// The first event of that kind, or nil after a generous wait (never a hang).
    static func firstEvent(_ stream: AsyncStream<SimEvent>, kind: String) async -> SimEvent? {
        await withTaskGroup(of: SimEvent?.self) { group in
            group.addTask {
                for await event in stream where event.kind.rawValue == kind { return event }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

extension TestServer {
    /// A control through the admin client; nil when it could not be sent.
    func admin(_ body: (RemoteBackend) async throws -> SimAnswer) async -> SimAnswer? {
        guard let client = try? client() else { return nil }
        return try? await body(client)
    }
}

/// zbarimg, as a phone camera: the QR code's text from an image.
enum ZBar {
    static func decode(_ png: Data) async throws -> String {
        let file = TemporaryFolder.make().appendingPathComponent("qr.png")
        try png.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let data = await offThePool {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
