import Futurae
import PIMS
import Testing

@Suite("Futurae F0 Input checks")
struct F0InputTests {
    @Test(arguments: BackendKind.available)
    func anUnknownFuturaeNameIs31NamingIt(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let r = await d.futurae.call("enrol", ["shortCode": "2216857857399044"])
            expectFuturaeError(r, .invalidParameter, mentioning: "unknown call \"futurae.enrol\"")
        }
    }

    @Test(arguments: BackendKind.available)
    func aGetOrSetVerbIs31(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            let r = await d.call(.get, "futurae.accounts")
            expectFuturaeError(r, .invalidParameter, mentioning: "type \"call\"")
        }
    }

    @Test(arguments: BackendKind.available)
    func aMissingParameterIs31NamingIt(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-enrolled") { d in
            expectFuturaeError(await d.futurae.call("qrCodeType"), .invalidParameter, detail: "missing parameter \"qrCode\"")
            expectFuturaeError(await d.futurae.call("logoutAccount"), .invalidParameter, detail: "missing parameter \"userId\"")
            expectFuturaeError(await d.futurae.call("unlock"), .invalidParameter, detail: "missing parameter \"method\"")
            expectFuturaeError(await d.futurae.call("unlock", ["method": "sdkPin"]), .invalidParameter, detail: "missing parameter \"sdkPin\"")
            expectFuturaeError(await d.futurae.call("unlock", ["method": "biometrics"]), .invalidParameter, detail: "missing parameter \"outcome\"")
        }
    }

    @Test(arguments: BackendKind.available)
    func aWronglyTypedParameterIs31NamingIt(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            expectFuturaeError(await d.futurae.call("enroll", ["shortCode": 2216857857399044]), .invalidParameter,
                               detail: "\"shortCode\" must be a string, not a number")
            expectFuturaeError(await d.futurae.call("enroll", ["shortCode": .string(FuturaeDriver.pinShortCode), "sdkPin": 1234]),
                               .invalidParameter, mentioning: "\"sdkPin\"")
            expectFuturaeError(await d.futurae.call("unlock", ["method": "face"]), .invalidParameter, mentioning: "\"method\"")
            expectFuturaeError(await d.futurae.call("unlock", ["method": "biometrics", "outcome": "maybe"]), .invalidParameter,
                               mentioning: "\"outcome\"")
            // Nothing ran: the activation is still pending and the device has no PIN.
            expectFuturaeError(await d.futurae.unlock(pin: "1234"), .invalidParameter, mentioning: "no SDK PIN")
        }
    }

    @Test(arguments: BackendKind.available)
    func anUnknownParameterIs31NamingIt(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            let r = await d.futurae.call("enroll", ["shortcode": .string(FuturaeDriver.pinShortCode)])
            expectFuturaeError(r, .invalidParameter, mentioning: "unknown parameter \"shortcode\"")
            expectFuturaeError(await d.futurae.call("accounts", ["all": true]), .invalidParameter, mentioning: "takes no parameters")
        }
    }

    @Test(arguments: BackendKind.available)
    func aNullParameterIsAnAbsentOne(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            // sdkPin null is no sdkPin: F2.5 asks for one (SDKLockError 11), not F0.
            let r = await d.futurae.call("enroll", ["shortCode": .string(FuturaeDriver.pinShortCode), "sdkPin": nil, "activationCode": nil])
            expectFuturaeError(r, .sdkPinEnrollRequired)
        }
    }

    @Test(arguments: BackendKind.available)
    func anUnknownSessionIs31(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-fresh") { d in
            expectFuturaeError(await d.futurae.accounts(session: "ghost"), .invalidParameter, mentioning: "no session named \"ghost\"")
        }
    }
}

@Suite("Futurae F1 qrCodeType")
struct F1QRCodeTypeTests {
    @Test(arguments: BackendKind.available)
    func theTypeBySchemeAndPath(kind: BackendKind) async throws {
        try await withBackend(kind, "futurae-pin") { d in
            let cases: [(String, String)] = [
                (FuturaeDriver.pinQR, "enrollment"),
                ("futurae://enroll?activation_code=not-base64", "enrollment"),  // the path decides, not the code
                ("futurae://auth?session_token=abc", "onlineAuth"),
                ("futurae://offline?payload=abc", "offlineAuth"),
                ("futurae://usernameless?session=abc", "usernameless"),
                ("futurae://pay?x=1", "invalid"),
                ("https://www.futurae.com/enroll", "invalid"),
                ("", "invalid"),
            ]
            for (payload, type) in cases {
                #expect(expectFuturaeSuccess(await d.futurae.qrCodeType(payload)) == ["qrCodeType": .string(type)], "\(payload)")
            }
        }
    }

    @Test(arguments: BackendKind.available)
    func itNeverFailsEvenOnAnArchivedDevice(kind: BackendKind) async throws {  // F1, F7
        try await withBackend(kind, "futurae-enrolled") { d in
            await d.futurae.archive()
            #expect(expectFuturaeSuccess(await d.futurae.qrCodeType(FuturaeDriver.bobQR)) == ["qrCodeType": "enrollment"])
        }
    }
}
