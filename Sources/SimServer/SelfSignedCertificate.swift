import COpenSSLCrypto
import Foundation
import SimKernel

/// `serve --tls-self-signed` (FA5): an ECDSA P-256 key and a self-signed certificate for the loopback
/// names and addresses (`localhost`, `127.0.0.1`, `::1`), made with OpenSSL's libcrypto and written
/// beside the database (`<db>.tls-cert.pem`, `<db>.tls-key.pem`, the key 0600). Made once and
/// reused, so that a JVM truststore (`keytool -importcert`) or a browser told to trust it stays told.
public enum SelfSignedCertificate {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static let names = ["localhost", "127.0.0.1", "::1"]
    /// Ten years: a test certificate nobody should have to renew.
    static let lifetimeSeconds = 10 * 365 * 86_400

    public static func paths(beside database: String) -> TLSFiles {
        TLSFiles(certificate: database + ".tls-cert.pem", key: database + ".tls-key.pem")
    }

    /// The pair beside `database`, made when either file is missing.
    public static func ensure(beside database: String) throws -> TLSFiles {
        let files = paths(beside: database)
        let fm = FileManager.default
        if fm.fileExists(atPath: files.certificate) && fm.fileExists(atPath: files.key) { return files }
        let (certificate, key) = try make()
        try PrivateFile.write(key, to: files.key, replacing: true)
        try PrivateFile.write(certificate, to: files.certificate, replacing: true)
        // The certificate is public: readable by whoever must import it.
        chmod(files.certificate, 0o644)
        return files
    }

    /// A new key and certificate, both PEM.
    public static func make() throws(Failure) -> (certificate: String, key: String) {
        if let reason = LibCrypto.unavailable { throw Failure(description: reason) }
        guard let ctx = ccrypto_EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else { throw Failure(description: "no EC key context") }
        defer { ccrypto_EVP_PKEY_CTX_free(ctx) }
        var pkey: OpaquePointer?
        guard ccrypto_EVP_PKEY_keygen_init(ctx) == 1, ccrypto_EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, NID_X9_62_prime256v1) == 1,
              ccrypto_EVP_PKEY_keygen(ctx, &pkey) == 1, let key = pkey
        else { throw Failure(description: "EC key generation failed") }
        defer { ccrypto_EVP_PKEY_free(key) }

        guard let x509 = ccrypto_X509_new() else { throw Failure(description: "X509_new failed") }
        defer { ccrypto_X509_free(x509) }
        var serial = [UInt8](repeating: 0, count: 16)
        var g = SystemRandomNumberGenerator()
        for i in serial.indices { serial[i] = UInt8.random(in: 0...255, using: &g) }
        serial[0] &= 0x7F  // a positive serial number
        let bn = ccrypto_BN_bin2bn(serial, Int32(serial.count), nil)
        defer { ccrypto_BN_free(bn) }
        ccrypto_X509_set_version(x509, 2)  // v3
        ccrypto_BN_to_ASN1_INTEGER(bn, ccrypto_X509_get_serialNumber(x509))
        ccrypto_X509_gmtime_adj(ccrypto_X509_getm_notBefore(x509), -3600)
        ccrypto_X509_gmtime_adj(ccrypto_X509_getm_notAfter(x509), lifetimeSeconds)
        ccrypto_X509_set_pubkey(x509, key)
        let name = ccrypto_X509_get_subject_name(x509)
        ccrypto_X509_NAME_add_entry_by_txt(name, "O", 0x1001 /* MBSTRING_ASC */, "enrollsim", -1, -1, 0)
        ccrypto_X509_NAME_add_entry_by_txt(name, "CN", 0x1001, "localhost", -1, -1, 0)
        ccrypto_X509_set_issuer_name(x509, name)
        let altNames = "DNS:localhost,IP:127.0.0.1,IP:::1"
        for (nid, value) in [(NID_subject_alt_name, altNames), (NID_basic_constraints, "critical,CA:FALSE"),
                             (NID_key_usage, "critical,digitalSignature"), (NID_ext_key_usage, "serverAuth")] {
            var v3 = X509V3_CTX()
            ccrypto_X509V3_set_ctx(&v3, x509, x509, nil, nil, 0)
            guard let ext = ccrypto_X509V3_EXT_conf_nid(nil, &v3, nid, value) else { throw Failure(description: "extension \(value) refused") }
            ccrypto_X509_add_ext(x509, ext, -1)
            ccrypto_X509_EXTENSION_free(ext)
        }
        guard ccrypto_X509_sign(x509, key, ccrypto_EVP_sha256()) > 0 else { throw Failure(description: "signing the certificate failed") }
        return (try pem { ccrypto_PEM_write_bio_X509($0, x509) }, try pem { ccrypto_PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) })
    }

    private static func pem(_ write: (OpaquePointer?) -> Int32) throws(Failure) -> String {
        guard let bio = ccrypto_BIO_new(ccrypto_BIO_s_mem()) else { throw Failure(description: "BIO_new failed") }
        defer { ccrypto_BIO_free(bio) }
        guard write(bio) == 1 else { throw Failure(description: "writing PEM failed") }
        let length = Int(ccrypto_BIO_ctrl_pending(bio))
        var bytes = [UInt8](repeating: 0, count: length)
        guard ccrypto_BIO_read(bio, &bytes, Int32(length)) == Int32(length) else { throw Failure(description: "reading PEM back failed") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
