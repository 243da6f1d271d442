import Hummingbird
import HummingbirdCore
#if TLS
import HummingbirdTLS
import NIOSSL
#endif

/// HTTPS for `enrollsim serve` (FA5): a PEM certificate (chain) and its private key. TLS is built
/// only with the package trait `TLS` (`swift build --traits TLS`): swift-nio-ssl compiles BoringSSL,
/// minutes more for every cold build that does not need it.
public struct TLSFiles: Sendable, Hashable {
    public var certificate: String
    public var key: String

    public init(certificate: String, key: String) {
        self.certificate = certificate
        self.key = key
    }

    /// Whether this build can serve TLS.
    public static var isAvailable: Bool {
        #if TLS
        true
        #else
        false
        #endif
    }
}

extension TeamServer {
    /// HTTP/1 with the connection limits, inside TLS when the options ask for it.
    static func serverBuilder(_ options: Options, slots: ConnectionSlots, calls: EventLoopCallSetup?) throws -> HTTPServerBuilder {
        let target = RequestTargetRule()
        guard let tls = options.tls else { return DeadlineHTTP1Channel.builder(options.connections, slots: slots, target: target, calls: calls) }
        #if TLS
        let chain = try NIOSSLCertificate.fromPEMFile(tls.certificate).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: tls.key, format: .pem)
        let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        let limits = options.connections
        // Built once here so that a bad file fails the start, not every connection.
        _ = try NIOSSLContext(configuration: configuration)
        return HTTPServerBuilder { responder in
            try TLSChannel(DeadlineHTTP1Channel(responder: responder, limits: limits, slots: slots, target: target, calls: calls), tlsConfiguration: configuration)
        }
        #else
        throw StartError(description: "this enrollsim was built without TLS (swift build --traits TLS): cannot serve \(tls.certificate)")
        #endif
    }
}
