import Foundation
import PIMS
import SimWorld

/// A backend that answers every call with an empty success: the harness's own cost, the baseline.
actor EchoBackend: SimBackend {
    var n = 0
    func send(_ request: CallRequest, session: String) async -> CallResponse {
        n += 1
        return .success("tx-\(n)", .null)
    }
    func control(_ control: SimControl) async -> SimAnswer { .success() }
}

/// The enrollment walks of the benchmarks' figures, through any backend; each returns its API calls.
enum Walks {
    static let phone: JSONValue = "0612345678"

    static func code(_ backend: any SimBackend) async -> String {
        let inbox = await backend.control(.inbox(phone: PhoneNumber("0612345678")!))
        return inbox["messages"]?.arrayValue?.last?["code"]?.stringValue ?? "0000"
    }

    /// Steps 1–3 then 4·1 (the shortcut): 5 calls.
    static func shortcut(_ b: any SimBackend) async -> Int {
        _ = await b.send(CallRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"]))
        _ = await b.send(CallRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isAccountBlocked"]))
        _ = await b.send(CallRequest(.get, "pims.authentication.trustedphonenumber"))
        _ = await b.send(CallRequest(.get, "pims.authentication.smscode", ["type": "phoneNumberCertification", "phoneNumber": phone]))
        let code = await code(b)
        _ = await b.send(CallRequest(.set, "pims.authentication.enrollment",
                                     ["action": "enrollWithPhoneNumber", "pinCode": "1234", "smsCode": .string(code), "phoneNumber": phone]))
        return 5
    }

    /// Steps 1–3, 4·2, 5, 6, 7, 8: 9 calls.
    static func full(_ b: any SimBackend) async -> Int {
        _ = await b.send(CallRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isDeviceActivated"]))
        _ = await b.send(CallRequest(.get, "pims.authentication.account", ["actionType": "strong", "type": "isAccountBlocked"]))
        _ = await b.send(CallRequest(.get, "pims.authentication.trustedphonenumber"))
        _ = await b.send(CallRequest(.get, "pims.authentication.smscode", ["type": "phoneNumberCertification", "phoneNumber": phone]))
        _ = await b.send(CallRequest(.set, "pims.authentication.smscode", ["type": "addPhoneNumber", "smsCode": .string(await code(b)), "phoneNumber": phone]))
        _ = await b.send(CallRequest(.get, "pims.authentication.smscode", ["type": "enrollment"]))
        let code = await code(b)
        _ = await b.send(CallRequest(.set, "pims.authentication.smscode", ["action": "enrollment", "smsCode": .string(code)]))
        _ = await b.send(CallRequest(.set, "pims.authentication.enrollment", ["action": "enroll", "pinCode": "1234", "smsCode": .string(code)]))
        _ = await b.send(CallRequest(.set, "pims.authentication.enrollment", ["action": "enroll", "pinCode": "1234", "smsCode": .string(code)]))
        return 9
    }
}

func benchmarkBackend(_ bench: inout Bench) async throws -> [String] {
    var lines: [String] = []
    let echo = EchoBackend()
    let baseline = await bench.measure("baseline: echo backend, shortcut walk", iterations: 20_000) { n in
        var calls = 0
        for _ in 0..<n { calls += await Walks.shortcut(echo) }
        return calls
    }
    lines.append(Bench.report(baseline, baseline: nil))
    let backend = try InProcessBackend(scenario: "fresh", honoursLatency: false)
    // Each walk starts from the scenario again (a reset is a world copy, not counted as a call).
    for (name, iterations, walk) in [("in-process: shortcut enrollment (calls)", 20_000, Walks.shortcut),
                                     ("in-process: full enrollment 1–8 (calls)", 10_000, Walks.full)] as [(String, Int, @Sendable (any SimBackend) async -> Int)] {
        let r = await bench.measure(name, iterations: iterations) { n in
            var calls = 0
            for _ in 0..<n {
                _ = await backend.control(.reset)
                calls += await walk(backend)
            }
            return calls
        }
        lines.append(Bench.report(r, baseline: baseline))
    }
    return lines
}

/// The two walk rows of a system: its walk on the echo backend (the baseline), and in process on
/// `scenario`, the world reset before each walk (the reset timed, not counted).
func walkRows(_ bench: inout Bench, baseline: String, name: String, scenario: String,
              walk: @escaping (any SimBackend) async -> Int) async throws -> [String] {
    let echo = EchoBackend()
    let base = await bench.measure(baseline, iterations: 20_000) { n in
        var calls = 0
        for _ in 0..<n { calls += await walk(echo) }
        return calls
    }
    let backend = try InProcessBackend(scenario: scenario, honoursLatency: false)
    let walked = await bench.measure(name, iterations: 20_000) { n in
        var calls = 0
        for _ in 0..<n {
            _ = await backend.control(.reset)
            calls += await walk(backend)
        }
        return calls
    }
    return [Bench.report(base, baseline: nil), Bench.report(walked, baseline: base)]
}
