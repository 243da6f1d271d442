import Foundation
import PIMS
import SimWorld

/// Futurae calls per second, in process and through `batch`, as the PIMS rows measure them.
enum FuturaeWalk {
    static let alice: JSONValue = "91133ec4-a568-42f6-a762-2bc180426939"

    /// futurae-pin's longest path and back: 7 calls.
    static func walk(_ b: any SimBackend) async -> Int {
        func call(_ name: String, _ params: [String: JSONValue] = [:]) async { _ = await b.send(CallRequest(.call, name, params)) }
        await call("futurae.accounts")
        await call("futurae.qrCodeType", ["qrCode": "futurae://enroll?activation_code=3qtYl0cd036QUJAhzL2_xKDWvcnUd3-iGORr2qzJw9w"])
        await call("futurae.enroll", ["shortCode": "2216 8578 5739 9044", "sdkPin": "1234", "bindingToken": "57S6KDIM"])
        await call("futurae.lock")
        await call("futurae.unlock", ["method": "sdkPin", "sdkPin": "1234"])
        await call("futurae.accounts")
        await call("futurae.logoutAccount", ["userId": alice])
        return 7
    }

    /// A batch block on futurae-enrolled that leaves the world as it found it (but the clock).
    static func lines(repeats: Int) -> [String] {
        let block = [
            #"{"type": "call", "name": "futurae.accounts"}"#,
            #"{"type": "call", "name": "futurae.qrCodeType", "params": {"qrCode": "futurae://enroll?activation_code=vijfu0WYKzPZ0cW1mvplf7NZ1L0xW-hlB0xBMsxyMbg"}}"#,
            #"{"type": "call", "name": "futurae.unlock", "params": {"method": "sdkPin", "sdkPin": "1234"}}"#,
            #"{"type": "call", "name": "futurae.enroll", "params": {"activationCode": "futurae://enroll?activation_code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}}"#,
            #"{"type": "call", "name": "futurae.enroll", "params": {"shortCode": "1234"}}"#,
            #"{"type": "call", "name": "futurae.lock"}"#,
            #"{"sim": "advance", "seconds": 1}"#,
            #"{"type": "call", "name": "futurae.nothing"}"#,
        ]
        return Array((0..<repeats).map { _ in block }.joined())
    }
}

func benchmarkFuturae(_ bench: inout Bench) async throws -> [String] {
    var lines = try await walkRows(&bench, baseline: "baseline: echo backend, Futurae walk", name: "in-process: Futurae enroll walk (calls)", scenario: "futurae-pin", walk: FuturaeWalk.walk)
    lines += try await batchRows(&bench, system: "Futurae", script: FuturaeWalk.lines(repeats: 2_000), scenario: "futurae-enrolled",
                                 endToEndInput: FuturaeWalk.lines(repeats: 5_000))
    return lines
}

/// Runs `binary` with `input` on its standard input; the lines it answered.
func pipeThrough(_ binary: URL, _ arguments: [String], _ input: Data) throws -> Int {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    let writer = Thread {
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return out.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
}
