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
        return .transport(.noInternet, detail: "cannot reach \(url): \(words(of: error))")
    }

    static func error(status: Int, body: String, url: String) -> CallError {
        .transport(.serverError, detail: "HTTP \(status) from \(url): \(message(of: body))")
    }

    /// The `error` of a JSON error body, else the body.
    static func message(of body: String) -> String {
        (try? JSONText.parse(body))?["error"]?.stringValue ?? body
    }

    /// curl's sentence ("Failed to connect to 127.0.0.1 port 8080 after 0 ms: Couldn't connect to
    /// server") rather than the whole NSError dump.
    static func words(of error: any Error) -> String {
        let described = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String
        return described ?? "\(error)"
    }
}
