import Foundation
import SimServer
import Testing

/// FA5: `serve --tls-self-signed`'s certificate, made by libcrypto (in every build: only serving TLS
/// needs the `TLS` trait), checked by openssl as a JVM's keytool or a browser would take it.
@Suite struct SelfSignedCertificateTests {
    @Test func fa5TheCertificateCoversTheLoopbackNamesAndIsReused() async throws {
        let folder = TemporaryFolder.make()
        let database = folder.appendingPathComponent("world.db").path
        let files = try SelfSignedCertificate.ensure(beside: database)
        #expect(files.certificate == database + ".tls-cert.pem" && files.key == database + ".tls-key.pem")
        let mode = try FileManager.default.attributesOfItem(atPath: files.key)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let text = try await Shell.run("/usr/bin/openssl", ["x509", "-in", files.certificate, "-noout", "-text"], in: folder).output
        #expect(text.contains("DNS:localhost") && text.contains("IP Address:127.0.0.1") && text.contains("IP Address:0:0:0:0:0:0:0:1"), "\(text)")
        #expect(text.contains("TLS Web Server Authentication") && text.contains("CA:FALSE") && text.contains("prime256v1"), "\(text)")
        // Self-signed: it is its own trust anchor, what keytool -importcert or a browser is given.
        let verified = try await Shell.run("/usr/bin/openssl", ["verify", "-CAfile", files.certificate, files.certificate], in: folder)
        #expect(verified.status == 0, "\(verified.output)")
        // The key is the certificate's.
        let certKey = try await Shell.run("/usr/bin/openssl", ["x509", "-in", files.certificate, "-noout", "-pubkey"], in: folder).output
        let key = try await Shell.run("/usr/bin/openssl", ["pkey", "-in", files.key, "-pubout"], in: folder).output
        #expect(certKey == key && key.contains("BEGIN PUBLIC KEY"))
        // Made once: a later start reuses it (a trust given to it lasts).
        let before = try String(contentsOfFile: files.certificate, encoding: .utf8)
        _ = try SelfSignedCertificate.ensure(beside: database)
        #expect(try String(contentsOfFile: files.certificate, encoding: .utf8) == before)
        #expect(try SelfSignedCertificate.make().certificate != before)  // a new one is a new key and serial
    }
}
