import AsyncHTTPClient
import Foundation
import NIOCore
import PIMS

/// What the SDK answers when the network, not PIMS, fails (§7): a timeout is 2201, a server that
/// cannot be reached 2202, a server that answers with an error status 2204. The `detail` keeps the
/// transport's own words for whoever debugs it.
enum TransportFailure {
    static func error(for error: any Error, url: String) -> PIMSError {
        if let e = error as? HTTPClientError, [.deadlineExceeded, .readTimeout, .writeTimeout].contains(e) {
            return PIMSError(.timeout, detail: "no answer from \(url) in time (\(e))")
        }
        return PIMSError(.noInternet, detail: "cannot reach \(url): \(error)")
    }

    static func error(status: Int, body: String, url: String) -> PIMSError {
        let message = (try? JSONText.parse(body))?["error"]?.stringValue ?? body
        return PIMSError(.serverError, detail: "HTTP \(status) from \(url): \(message)")
    }
}
