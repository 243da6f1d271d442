@testable import SimServer
import Testing

/// Token digests are SHA-256 (FIPS 180-2's examples), as they were with swift-crypto: the digests
/// stored in an existing database still match their tokens.
@Suite struct BearerSecretTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func digestIsSHA256(text: String, expected: String) {
        #expect(BearerSecret.digest(text) == expected)
    }

    @Test func generatedSecretsAreLongAndDistinct() {
        let secrets = (0..<50).map { _ in BearerSecret.generate() }
        #expect(Set(secrets).count == 50)
        #expect(secrets.allSatisfy { $0.count == 64 })
    }
}
