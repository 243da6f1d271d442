import ArgumentParser
import Foundation
import Futurae
import FuturaeServer
import SimServer
import SimWorld

/// `serve`'s Futurae Auth API credentials (FA6) and HTTPS (FA5).
extension ServeCommand {
    var givenAuthApiKey: String? {
        authApiKey ?? ProcessInfo.processInfo.environment["ENROLLSIM_AUTH_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static let largestDateSkew = 31_536_000

    /// A build without the trait TLS refuses the TLS flags before any other check (scripts/release.sh
    /// asks a binary this way whether it has HTTPS).
    func validateTLSIsBuiltIn() throws {
        if (tlsSelfSigned || tlsCert != nil) && !TLSFiles.isAvailable {
            throw ValidationError("this enrollsim was built without TLS: the release tarball has it; from source, "
                                  + "`swift build --traits TLS` (docs/futurae-auth-api.md)")
        }
    }

    func validateAuthAPIAndTLS() throws {
        if !(0...Self.largestDateSkew).contains(authDateSkew) {
            throw ValidationError("--auth-date-skew must be between 0 and \(Self.largestDateSkew) seconds (a year), not \(authDateSkew)")
        }
        if let id = authServiceId, id.isEmpty { throw ValidationError("--auth-service-id must not be empty") }
        if let key = givenAuthApiKey, key.count < 16 { throw ValidationError("the Auth API key must have at least 16 characters") }
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if tlsSelfSigned && tlsCert != nil { throw ValidationError("--tls-self-signed or --tls-cert/--tls-key, not both") }
    }

    /// The certificate and key to serve HTTPS with, nil for plain HTTP; a self-signed pair is made
    /// beside the database once and reused (so that a trust given to it lasts).
    func tlsFiles(databasePath: String) -> TLSFiles? {
        if let tlsCert, let tlsKey { return TLSFiles(certificate: tlsCert, key: tlsKey) }
        guard tlsSelfSigned else { return nil }
        do {
            let files = try SelfSignedCertificate.ensure(beside: databasePath)
            CommandOutput.error("enrollsim serve: self-signed certificate (localhost, 127.0.0.1, ::1): \(files.certificate)")
            return files
        } catch {
            Self.fail("cannot write the self-signed certificate beside \(databasePath): \(error)", status: StartFailure.cannotCreate)
        }
    }

    /// FA6: the service id and key in force, on standard error (the key only on loopback, or when asked).
    func announceAuthAPI(core: ServerCore, options: AuthAPIOptions) {
        let service = core.world.futurae.service.map { (id: $0.serviceId, key: $0.authApiKey) }
        let line: String
        if let (id, key) = options.credentials(service: service) {
            let shown = Self.isLoopback(host) || showAuthApiKey ? key : "(hidden: not on loopback; --show-auth-api-key prints it)"
            line = "Futurae Auth API at /srv/auth/v1: service id \(id), key \(shown)"
        } else {
            line = "Futurae Auth API at /srv/auth/v1: no credentials (the world has no Futurae service with an authApiKey; --auth-service-id and --auth-api-key give them)"
        }
        CommandOutput.error("enrollsim serve: \(line)")
    }
}
