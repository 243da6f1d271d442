import Foundation

/// A small benchmark harness: each case runs `samples` times over `iterations` operations; the
/// report gives the median time per operation, operations per second, and the ratio to the case's
/// baseline measured in the same run (so machine noise shows up on both sides).
struct Bench {
    struct Result {
        var name: String
        var medianNanosPerOp: Double
        var opsPerSecond: Double { 1e9 / medianNanosPerOp }
    }

    var samples = 7
    private(set) var results: [Result] = []

    /// `body` performs `iterations` runs and returns how many operations it did.
    mutating func measure(_ name: String, iterations: Int, _ body: (Int) async throws -> Int) async rethrows -> Result {
        _ = try await body(max(1, iterations / 10))  // warm-up
        var perOp: [Double] = []
        for _ in 0..<samples {
            let start = DispatchTime.now().uptimeNanoseconds
            let ops = try await body(iterations)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            perOp.append(elapsed / Double(max(ops, 1)))
        }
        perOp.sort()
        let result = Result(name: name, medianNanosPerOp: perOp[perOp.count / 2])
        results.append(result)
        return result
    }

    /// Several cases by rounds: each round runs every case once (after one warm-up round); each
    /// case's result is its median over the rounds.
    mutating func rounds(_ cases: [(name: String, run: (Int) async -> Int)], iterations: Int) async -> [Result] {
        for c in cases { _ = await c.run(max(1, iterations / 10)) }
        var perOp = Array(repeating: [Double](), count: cases.count)
        for _ in 0..<samples {
            for (i, c) in cases.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                let ops = await c.run(iterations)
                perOp[i].append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(ops, 1)))
            }
        }
        let out = zip(cases, perOp).map { c, times in Result(name: c.name, medianNanosPerOp: times.sorted()[times.count / 2]) }
        results += out
        return out
    }

    /// Two cases run by turns, `samples` times each (a, b, a, b…), so that load on the machine weighs
    /// on both alike; with each turn's ratio of b's time to a's (above 1: a is faster).
    mutating func alternate(_ a: String, _ b: String, _ bodyA: () throws -> Int, _ bodyB: () throws -> Int) rethrows
        -> (a: Result, b: Result, ratios: [Double]) {
        func perOp(_ body: () throws -> Int) rethrows -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let ops = try body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(ops, 1))
        }
        _ = try bodyA()  // warm-up
        _ = try bodyB()
        var (timesA, timesB, ratios): ([Double], [Double], [Double]) = ([], [], [])
        for _ in 0..<samples {
            let (x, y) = (try perOp(bodyA), try perOp(bodyB))
            timesA.append(x)
            timesB.append(y)
            ratios.append(y / x)
        }
        let median = { (v: [Double]) in v.sorted()[v.count / 2] }
        let results = (Result(name: a, medianNanosPerOp: median(timesA)), Result(name: b, medianNanosPerOp: median(timesB)))
        self.results += [results.0, results.1]
        return (results.0, results.1, ratios.sorted())
    }

    static func report(_ r: Result, baseline: Result?) -> String {
        let time: String
        if r.medianNanosPerOp >= 1_000_000 { time = String(format: "%.2f ms", r.medianNanosPerOp / 1e6) }
        else if r.medianNanosPerOp >= 1_000 { time = String(format: "%.2f µs", r.medianNanosPerOp / 1e3) }
        else { time = String(format: "%.0f ns", r.medianNanosPerOp) }
        let rate = String(format: "%.0f", r.opsPerSecond)
        let ratio = baseline.map { String(format: "%.2f× baseline", r.medianNanosPerOp / $0.medianNanosPerOp) } ?? "baseline"
        return "\(r.name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(time.padding(toLength: 11, withPad: " ", startingAt: 0)) \(rate.padding(toLength: 10, withPad: " ", startingAt: 0)) /s   \(ratio)"
    }
}
