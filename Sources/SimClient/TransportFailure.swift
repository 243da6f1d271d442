import Foundation
import SimKernel

/// What the SDK answers when the network, not the backend, fails: a timeout, a server that cannot be
/// reached, a server that answers with an error status. The `detail` keeps the transport's own words
/// for whoever debugs it.
enum TransportFailure {
    static func error(for error: any Error, url: String) -> CallError {
        if let timedOut = error as? HTTPTransport.TimedOut {
            return .transport(.timeout, detail: "no answer from \(url) in time (\(timedOut))")
        }
        if let failure = error as? HTTPTransport.Failure, failure.isTimeout {
            return .transport(.timeout, detail: "no answer from \(url) in time (\(failure))")
        }
        // The kind of failure and curl's sentence ("connection refused: Failed to connect to 127.0.0.1
        // port 8080 after 0 ms: Couldn't connect to server"), or what to install when libcurl is missing.
        return .transport(.noInternet, detail: "cannot reach \(url): \(error)")
    }

    static func error(status: Int, body: String, url: String) -> CallError {
        .transport(.serverError, detail: "HTTP \(status) from \(url): \(message(of: body))")
    }

    /// The `error` of a JSON error body, else the body.
    static func message(of body: String) -> String {
        (try? JSONText.parse(body))?["error"]?.stringValue ?? body
    }
}
