import Foundation
import Hummingbird
import PIMS
import SimClient
import SimServer
import Testing

/// The client turns transport failures into the SDK's own codes (§7), so the front shows them as a
/// real app would: timeout 2201, unreachable 2202, a server error 2204.
@Suite struct TransportFailureTests {
    let call = CallRequest(.get, "pims.authentication.trustedphonenumber")

    @Test func aServerThatNeverAnswersIsATimeout2201() async throws {
        let listener = try SilentListener()
        let client = try RemoteBackend(url: "http://127.0.0.1:\(listener.port)", adminToken: "admin-token-0123456789", timeout: .milliseconds(300))
        // That the call returns at all shows the timeout works: the listener never answers.
        let response = await client.send(call, session: "default")
        #expect(response.errorCode == 2201, "\(JSONText.encode(response.json))")
        #expect(response.error?.label == "Timeout")
        let answer = await client.control(.advance(seconds: 1))
        #expect(!answer.ok)
        #expect(answer.error?.contains("no answer") == true, "\(answer.error ?? "")")
    }

    @Test func aCancelledRequestStopsWaiting() async throws {
        let listener = try SilentListener()
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/v1/call"))
        let transport = HTTPTransport()
        let request = Task { try await transport.send("POST", url, body: Data("{}".utf8), timeout: .seconds(3600)) }
        request.cancel()
        // That it returns at all shows the cancellation reached the request: the listener never answers.
        await #expect(throws: CancellationError.self) { try await request.value }
        // The transport is not left wedged by it: the next request's timeout still fires.
        await #expect(throws: HTTPTransport.TimedOut.self) { try await transport.send("POST", url, timeout: .milliseconds(300)) }
    }

    @Test func aClosedPortIsNoInternet2202() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let client = try RemoteBackend(url: "http://127.0.0.1:\(closed.port)", adminToken: nil)
        let response = await client.send(call, session: "default")
        // 2202, not 2201: the refusal was answered as such, not waited out until the timeout (no
        // wall-clock bound here, which a busy machine broke).
        #expect(response.errorCode == 2202, "\(JSONText.encode(response.json))")
        #expect(response.error?.label == "Network problem : No internet")
        #expect(response.status == .failed)
    }

    /// What the refusal tests rest on (issue 43): nobody can take a `ClosedPort`'s port while it is
    /// held. A port bound and given up, as these tests once used, another test's server could take
    /// at once, and the refusal became that server's answer (2204 under load).
    @Test func aClosedPortCannotBeTakenWhileHeld() throws {
        let closed = try ClosedPort()
        #expect(!canListen(on: closed.port))
        closed.release()
        #expect(canListen(on: closed.port), "a port given up is anyone's")
    }

    @Test func aServerErrorIs2204WithTheServersWords() async throws {
        let router = Router()
        router.post("/v1/sessions") { _, _ in
            Response(status: .created, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"session": "stub-token"}"#)))
        }
        router.post("/v1/call") { _, _ in
            Response(status: .internalServerError, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error": "the stub always fails"}"#)))
        }
        router.post("/v1/sim") { _, _ in Response(status: .badGateway) }
        try await withStub(router) { port in
            // The stub runs in this busy test process: a generous limit, so its answer is what is tested.
            let client = try RemoteBackend(url: "http://127.0.0.1:\(port)", adminToken: "admin-token-0123456789", timeout: .seconds(120))
            let response = await client.send(call, session: "default")
            #expect(response.errorCode == 2204, "\(JSONText.encode(response.json))")
            #expect(response.error?.label == "Server Error")
            #expect(response.error?.detail?.contains("HTTP 500") == true)
            #expect(response.error?.detail?.contains("the stub always fails") == true)
            let answer = await client.control(.advance(seconds: 1))
            #expect(!answer.ok)
            #expect(answer.error?.hasPrefix("HTTP 502") == true, "\(answer.error ?? "")")
        }
    }

    @Test func controlsWithoutAnAdminTokenSaySo() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let client = try RemoteBackend(url: "http://127.0.0.1:\(closed.port)", adminToken: nil)
        let answer = await client.control(.export)
        #expect(answer.error?.contains("need the server's admin token") == true)
    }

    @Test func aBadURLIsRefusedAtOnce() {
        #expect(throws: RemoteBackend.SetupError.self) { try RemoteBackend(url: "localhost:8080", adminToken: nil) }
        #expect(throws: RemoteBackend.SetupError.self) { try RemoteBackend(url: "http://127.0.0.1:8080/v1", adminToken: nil) }
        // Found by the random-key storm: a port past 65535 used to trap inside the HTTP client.
        let error = #expect(throws: RemoteBackend.SetupError.self) { try RemoteBackend(url: "http://127.0.0.1:8080171", adminToken: nil) }
        #expect(error?.description == "the backend's port must be 1 to 65535, not 8080171 (in \"http://127.0.0.1:8080171\")")
    }
}
