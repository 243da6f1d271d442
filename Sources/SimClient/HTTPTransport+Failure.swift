import CCurl
import Foundation

extension HTTPTransport {
    /// A request curl could not complete: what went wrong in a few words, then curl's own sentence
    /// ("connection refused: Failed to connect to 127.0.0.1 port 8080 after 0 ms: Couldn't connect
    /// to server").
    public struct Failure: Error, CustomStringConvertible {
        /// The CURLcode.
        public let code: Int
        /// curl's sentence.
        public let words: String

        public var description: String { "\(kind): \(words)" }

        /// What the failure is, by its CURLcode.
        public var kind: String {
            switch CURLcode(rawValue: UInt32(clamping: code)) {
            case CURLE_COULDNT_CONNECT: "connection refused"
            case CURLE_COULDNT_RESOLVE_HOST: "unknown host"
            case CURLE_COULDNT_RESOLVE_PROXY: "unknown proxy"
            case CURLE_PROXY: "refused by the proxy"
            case CURLE_OPERATION_TIMEDOUT: "timed out"
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
                "TLS certificate not trusted"
            case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND:
                "TLS failure"
            case CURLE_GOT_NOTHING: "connection closed without an answer"
            case CURLE_SEND_ERROR, CURLE_RECV_ERROR: "connection lost"
            case CURLE_PARTIAL_FILE: "answer cut short"
            case CURLE_WEIRD_SERVER_REPLY: "not an HTTP answer"
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: "bad URL"
            case CURLE_OUT_OF_MEMORY: "out of memory"
            default: "transfer failed"
            }
        }

        /// A URL that is not `http` or `https`.
        static func unsupported(_ url: URL) -> Failure {
            Failure(code: Int(CURLE_UNSUPPORTED_PROTOCOL.rawValue), words: "not an http or https URL: \(url.absoluteString)")
        }

        /// The server was not reached or did not answer in time, as opposed to an answer that broke.
        var isTimeout: Bool { code == Int(CURLE_OPERATION_TIMEDOUT.rawValue) }
    }
}
