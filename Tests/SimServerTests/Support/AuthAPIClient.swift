import Foundation
import FuturaeServer
import PIMS
import SimClient
import SimServer

/// A Futurae Auth API client as an identity provider is one (FA2): every request signed with the
/// service's key over FT-Date, method, host without port, path and query as sent, and body.
struct AuthAPIClient: Sendable {
    let base: String
    var serviceId: String
    var key: String
    /// The FT-Date sent (a fixed one for the skew tests).
    var date: @Sendable () -> String = { RFC2822Date.format(Date()) }

    /// What a request is signed over, when a test wants it wrong.
    struct Tamper: Sendable {
        var host: String?
        var signature: String?
        var date: String??
        var serviceId: String?
    }

    func get(_ target: String, tamper: Tamper = .init()) async throws -> TestHTTP.Answer {
        try await send("GET", target, body: nil, tamper: tamper)
    }

    func post(_ path: String, _ body: JSONValue, tamper: Tamper = .init()) async throws -> TestHTTP.Answer {
        try await send("POST", path, body: JSONText.encode(body), tamper: tamper)
    }

    func send(_ method: String, _ target: String, body: String?, contentType: String = "application/json", tamper: Tamper = .init()) async throws -> TestHTTP.Answer {
        guard let url = URL(string: base + target), let host = url.host else { throw TestHTTP.BadURL(text: base + target) }
        let date = tamper.date ?? date()
        let signature = tamper.signature ?? AuthAPISignature.sign(key: key, date: date ?? "", method: method, host: tamper.host ?? host,
                                                                  target: target, body: Array((body ?? "").utf8))
        var headers = [("Authorization", AuthAPISignature.authorization(serviceId: tamper.serviceId ?? serviceId, signature: signature))]
        if let date { headers.append(("FT-Date", date)) }
        if body != nil { headers.append(("Content-Type", contentType)) }
        let answer = try await HTTPTransport.shared.send(method, url, headers: headers, body: body.map { Data($0.utf8) }, timeout: .seconds(60))
        return TestHTTP.Answer(status: answer.status, text: answer.text, headers: answer.headers.map { ($0.name, $0.value) })
    }
}
