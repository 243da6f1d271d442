import AsyncHTTPClient
import Foundation
import NIOCore
import SimKernel

/// What the SDK answers when the network, not the backend, fails: a timeout, a server that cannot be
/// reached, a server that answers with an error status. The `detail` keeps the transport's own words
/// for whoever debugs it.
enum TransportFailure {
    static func error(for error: any Error, url: String) -> CallError {
        if let e = error as? HTTPClientError, [.deadlineExceeded, .readTimeout, .writeTimeout].contains(e) {
            return .transport(.timeout, detail: "no answer from \(url) in time (\(e))")
        }
        return .transport(.noInternet, detail: "cannot reach \(url): \(error)")
    }

    static func error(status: Int, body: String, url: String) -> CallError {
        let message = (try? JSONText.parse(body))?["error"]?.stringValue ?? body
        return .transport(.serverError, detail: "HTTP \(status) from \(url): \(message)")
    }
}
