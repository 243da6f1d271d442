import Foundation
@testable import FuturaeServer
@testable import SimServer
import Testing

/// The Auth API's headers read on bytes (FA2, FA3): `Authorization: Basic base64(serviceId:signature)`,
/// `FT-Date` and the `Host` without its port. Each byte reader gives what the text reader it replaced
/// gives (kept for values beyond ASCII), on the edge cases named here and on a generated corpus.
@Suite struct AuthAPIHeaderTests {
    static func basic(_ text: String) -> String { "Basic " + Data(text.utf8).base64EncodedString() }

    static func credentials(_ header: String) -> (serviceId: String, signature: String)? {
        AuthAPICredentials(header).map { (String(decoding: $0.serviceId, as: UTF8.self), String(decoding: $0.signature, as: UTF8.self)) }
    }

    /// The text reader's answer, as bytes.
    static func reference(_ header: String) -> AuthAPICredentials? {
        AuthAPISignature.credentials(header).map { AuthAPICredentials(serviceId: Array($0.serviceId.utf8), signature: Array($0.signature.utf8)) }
    }

    @Test func theSchemeAnyCaseThenTheServiceIdAndTheSignatureAtTheFirstColon() throws {
        let read = try #require(Self.credentials(Self.basic("svc-1:0a1B")))
        #expect(read.serviceId == "svc-1" && read.signature == "0a1B")
        #expect(Self.credentials("basic " + Data("s:x".utf8).base64EncodedString())?.serviceId == "s")
        #expect(Self.credentials("BASIC " + Data("s:x".utf8).base64EncodedString())?.signature == "x")
        // A colon in the signature stays there; an empty service id or signature is still read (and refused later).
        #expect(Self.credentials(Self.basic("s:a:b"))?.signature == "a:b")
        #expect(Self.credentials(Self.basic(":sig"))?.serviceId == "")
        #expect(Self.credentials(Self.basic("svc:"))?.signature == "")
    }

    @Test func missingPartsAreNotCredentials() {
        for header in ["", "Basic", "Basic ", "Basic    ", "Bearer " + Data("s:x".utf8).base64EncodedString(), "Basi czp4", "Basicc czp4",
                       Self.basic("no colon at all"), Self.basic(""), Data("s:x".utf8).base64EncodedString()] {
            #expect(AuthAPICredentials(header) == nil, "\(header.debugDescription)")
        }
    }

    @Test func badBase64IsNotCredentials() {
        // Not the alphabet, padding misplaced, a space or a line break inside, a length no padding completes.
        for payload in ["!!!!", "czp4!", "cz=4", "=czp4", "cz p4", "czp4\r\n", "c", "czp4c", "c3ZjOng=x"] {
            #expect(AuthAPICredentials("Basic " + payload) == nil, "\(payload.debugDescription)")
            #expect(Self.reference("Basic " + payload) == nil, "the text reader: \(payload.debugDescription)")
        }
        // Padding missing or doubled: whatever Foundation's decoder makes of it, both readers make alike.
        for payload in ["czp", "czp4=", "czp4==", "c3ZjOng", "c3ZjOng==", "c3ZjOng="] {
            #expect(AuthAPICredentials("Basic " + payload) == Self.reference("Basic " + payload), "\(payload.debugDescription)")
        }
    }

    @Test func extraSpacesAroundTheValueAndBeforeTheSchemeAreSkippedATabAfterTheSchemeIsNot() {
        let payload = Data("svc:sig".utf8).base64EncodedString()
        for header in ["Basic   \(payload)", "Basic \(payload)   ", "Basic \t\(payload)\t", "  Basic \(payload)"] {
            #expect(Self.credentials(header).map { [$0.serviceId, $0.signature] } == ["svc", "sig"], "\(header.debugDescription)")
        }
        #expect(AuthAPICredentials("Basic\t\(payload)") == nil)
    }

    /// Two `Authorization` fields reach the reader joined, as `HTTPFields` joins them: never credentials.
    @Test func aDuplicatedHeaderIsNotCredentials() {
        #expect(AuthAPICredentials(Self.basic("svc:sig") + ", " + Self.basic("svc:sig")) == nil)
        #expect(AuthAPICredentials("Basic, " + Self.basic("svc:sig")) == nil)
    }

    @Test func beyondASCIITheTextReadersRulesHold() {
        // A no-break space is trimmed as the text reader trims Unicode spaces; an accented service id is
        // UTF-8; a colon that carries a combining mark is no separator; bytes that are not UTF-8 are refused.
        #expect(Self.credentials(Self.basic("svc:sig") + "\u{A0}").map { [$0.serviceId, $0.signature] } == ["svc", "sig"])
        #expect(Self.credentials(Self.basic("sérvice:sig"))?.serviceId == "sérvice")
        #expect(AuthAPICredentials(Self.basic("svc:\u{301}sig")) == nil)
        #expect(AuthAPICredentials("Basic " + Data([0x73, 0x3A, 0xFF]).base64EncodedString()) == nil)
        #expect(AuthAPICredentials("Básic " + Data("s:x".utf8).base64EncodedString()) == nil)
        #expect(AuthAPICredentials("Basic " + Data("s:x".utf8).base64EncodedString() + "é") == nil)
    }

    /// Generated headers, the byte reader against the text reader: the same answer for every one.
    @Test func theByteReaderAgreesWithTheTextReader() {
        var random = SeededRandom(seed: 40)
        let pieces = ["svc", ":", "sig", "0a", "é", "\u{301}", " ", "\u{A0}", "=", "+", "/", "::"]
        let schemes = ["Basic", "basic", "BaSiC", "Bearer", "Basi", "Básic", ""]
        let gaps = [" ", "  ", "\t", "", " \t", "\u{A0}"]
        let tails = ["", " ", "\t", "\u{A0}", "\u{2003}", ", Basic czp4", "\r\n", "é"]
        var compared = 0
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<random.next(6) { text += pieces[random.next(pieces.count)] }
            var bytes = Array(text.utf8)
            if random.next(8) == 0 { bytes.append(0xFF) }
            var payload = Data(bytes).base64EncodedString()
            switch random.next(6) {
            case 0: payload = String(payload.dropLast())  // padding or a digit lost
            case 1: payload += "="
            case 2: payload.insert(" ", at: payload.index(payload.startIndex, offsetBy: payload.count / 2))
            case 3: payload = payload.lowercased()
            default: break
            }
            let header = [" ", ""][random.next(2)] + schemes[random.next(schemes.count)] + gaps[random.next(gaps.count)] + payload
                + tails[random.next(tails.count)]
            #expect(AuthAPICredentials(header) == Self.reference(header), "\(header.debugDescription)")
            compared += AuthAPICredentials(header) == nil ? 0 : 1
        }
        #expect(compared > 30, "too few generated headers were credentials: \(compared)")
    }

    // MARK: FT-Date

    @Test func theDateReaderAgreesWithTheTextReader() {
        var random = SeededRandom(seed: 2822)
        let days = ["22", "1", "01", "+5", "-5", "0", "32", "005", "x", ""]
        let months = ["Apr", "apr", "APR", "May", "Mai", "Ap", "Aprr", "Äpr"]
        let years = ["2026", "+2026", "1969", "10000", "99999999999999999999", "-2026"]
        let times = ["09:01:24", "09:01", "9:1", "24:00", "23:60:00", "23:59:60", "09:01:", "::", "09:01:24:00", "+9:01"]
        let zones = ["+0000", "GMT", "gmt", "UT", "Utc", "Z", "z", "-0500", "+2359", "+2400", "+0060", "+01000", "0100", "+01a0", "EST", "\u{FF0B}0100"]
        let weekdays = ["Wed, ", "Wed,", "", "Wéd, ", ", ", "Mon ", "Wed,\t"]
        let gaps = [" ", "  ", "\t", " \t"]
        var parsed = 0
        for _ in 0..<4_000 {
            let words = [days, months, years, times, zones].map { $0[random.next($0.count)] }
            var text = weekdays[random.next(weekdays.count)] + words.joined(separator: gaps[random.next(gaps.count)])
            if random.next(10) == 0 { text += " extra" }
            if random.next(10) == 0 { text = "  " + text + " " }
            let bytes = RFC2822Date.parse(text), characters = RFC2822Date.parseText(text)
            #expect(bytes == characters, "\(text.debugDescription)")
            parsed += bytes == nil ? 0 : 1
        }
        #expect(parsed > 30, "too few generated dates were dates: \(parsed)")
        let instant = RFC2822Date.parse("22 Apr 2026 09:01:24 GMT")
        #expect(instant != nil && RFC2822Date.parse("Wed, 22 Apr 2026 10:01:24 +0100") == instant)
        #expect(RFC2822Date.parse("Wéd,\t22  apr 2026 04:01:24 -0500") == instant)
    }

    // MARK: Host, signature

    @Test func theHostWithoutItsPortOnBytesAgreesWithTheTextReader() {
        for host in ["localhost:8443", "[::1]:8443", "[::1]", "127.0.0.1", "a:b:c", "", ":", "[", "]:1", "[x]:1:2", "é:1", "[é]:8", "h\u{301}:1", ":\u{301}1"] {
            #expect(AuthAPISignature.hostWithoutPort(host) == AuthAPISignature.hostWithoutPort(text: host), "\(host.debugDescription)")
        }
        #expect(AuthAPISignature.hostWithoutPort("[::1]:8443") == "[::1]")
    }

    @Test func theSignatureIsTheDigestsHexInEitherCase() {
        let digest = (0..<32).map { UInt8($0 * 7 & 0xFF) }
        let hex = AuthAPISignature.hex(digest)
        #expect(AuthAPISignature.matches(hex, digest: digest))
        #expect(AuthAPISignature.matches(Array(String(decoding: hex, as: UTF8.self).uppercased().utf8), digest: digest))
        #expect(!AuthAPISignature.matches(Array(hex.dropLast()), digest: digest))
        #expect(!AuthAPISignature.matches(hex + [0x30], digest: digest))
        var wrong = hex
        wrong[63] = wrong[63] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        #expect(!AuthAPISignature.matches(wrong, digest: digest))
        // Letters past `f` are not hex, in either case.
        var notHex = hex
        notHex[0] = UInt8(ascii: "g")
        #expect(!AuthAPISignature.matches(notHex, digest: digest))
    }
}
