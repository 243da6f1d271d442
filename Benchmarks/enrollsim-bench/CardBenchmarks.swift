import Foundation
import PIMS
import SimWorld

/// CA Strong Authentication calls per second, in process and through `batch`, as the PIMS and
/// Futurae rows measure theirs.
enum CardWalk {
    static let autoEnrollId: JSONValue = "7c3e91a04bd25f68e0a1"
    /// card-replacement's first purchase (seeded; the echo backend answers no id).
    static let firstTransaction = "D60945AF07648C0A"

    /// The seed's flow on card-replacement: a purchase (a control, timed but not counted), then the
    /// push opened, the biometric prompt falling back, a wrong PIN, the right one, the new card's name,
    /// Display Accounts: 7 calls.
    static func walk(_ b: any SimBackend) async -> Int {
        let bought = await b.control(SimControl("casa.purchase", ["card": "8888", "merchant": "Demo Shop", "amount": 4999, "currency": "EUR"]))
        let tx = JSONValue.string(bought["transaction"]?["transactionId"]?.stringValue ?? firstTransaction)
        func call(_ name: String, _ params: [String: JSONValue] = [:]) async { _ = await b.send(CallRequest(.call, name, params)) }
        await call("casa.getTransaction")
        await call("casa.getEnabledAuthenticationTypes")
        await call("casa.verifyPINUsingTouchID", ["transactionId": tx, "autoEnrollId": autoEnrollId, "outcome": "fallback"])
        await call("casa.verifyPIN", ["pin": "0000", "transactionId": tx, "autoEnrollId": autoEnrollId])
        await call("casa.verifyPIN", ["pin": "1234", "transactionId": tx, "autoEnrollId": autoEnrollId])
        await call("casa.autoEnrollAccount", ["displayName": "Travel card"])
        await call("casa.getAllEnrolledAccounts")
        return 7
    }

    /// A batch block on card-replacement: the standard flow on •••• 4242 (a purchase, its details, a
    /// wrong PIN, the right one), a NO, a call that fails its input checks, and the clock.
    static func lines(repeats: Int) -> [String] {
        let block = [
            #"{"sim": "casa.purchase", "card": "4242", "merchant": "Corner Shop", "amount": 500, "currency": "GBP"}"#,
            #"{"type": "call", "name": "casa.getTransaction"}"#,
            #"{"type": "call", "name": "casa.getEnabledAuthenticationTypes"}"#,
            #"{"type": "call", "name": "casa.authenticateUsingUserPin", "params": {"transactionId": "0000000000000000", "pin": "1234"}}"#,
            #"{"type": "call", "name": "casa.cancelTransaction", "params": {"transactionId": "0000000000000000"}}"#,
            #"{"type": "call", "name": "casa.getAllEnrolledAccounts"}"#,
            #"{"sim": "advance", "seconds": 1}"#,
            #"{"type": "call", "name": "casa.nothing"}"#,
        ]
        return Array((0..<repeats).map { _ in block }.joined())
    }
}

func benchmarkCard(_ bench: inout Bench) async throws -> [String] {
    var lines = try await walkRows(&bench, baseline: "baseline: echo backend, card walk", name: "in-process: card auto-enrollment walk (calls)", scenario: "card-replacement", walk: CardWalk.walk)
    lines += try await batchRows(&bench, system: "Card", script: CardWalk.lines(repeats: 2_000), scenario: "card-replacement",
                                 endToEndInput: CardWalk.lines(repeats: 5_000))
    return lines
}
