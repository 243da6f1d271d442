import Foundation

// Benchmarks for the figures of Benchmarks/README.md. Run in release:
//   swift build -c release && swift run -c release enrollsim-bench [backend|batch|futurae|card|events|growth|remote|authapi|screens|scaling|scaling-io|scaling-export|paste|all]
func runBenchmarks(_ which: String) async throws {
    var bench = Bench()
    print("enrollsim benchmarks (median of \(bench.samples) samples; ratio to the baseline of the same run)")
    print("case".padding(toLength: 52, withPad: " ", startingAt: 0) + " per op      rate")
    if which == "all" || which == "backend" {
        for line in try await benchmarkBackend(&bench) { print(line) }
    }
    if which == "all" || which == "batch" {
        for line in try await benchmarkBatch(&bench) { print(line) }
    }
    if which == "all" || which == "futurae" {
        for line in try await benchmarkFuturae(&bench) { print(line) }
    }
    if which == "all" || which == "card" {
        for line in try await benchmarkCard(&bench) { print(line) }
    }
    if which == "all" || which == "events" {
        for line in try await benchmarkEvents() { print(line) }
    }
    if which == "all" || which == "growth" {
        let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 4_000
        for line in try await benchmarkGrowth(count: count) { print(line) }
    }
    if which == "all" || which == "remote" {  // with the call benchmark of the same run beside it
        if which == "remote" { for line in try await benchmarkBackend(&bench) { print(line) } }
        for line in try await benchmarkRemote() { print(line) }
    }
    if which == "all" || which == "screens" {
        for line in try await benchmarkScreens(&bench) { print(line) }
    }
    if which == "all" || which == "scaling" {
        for line in try await benchmarkScaling(&bench) { print(line) }
    }
    if which == "scaling-io" || which == "scaling-export" {  // the load and export part of `scaling` alone, or the export
        for line in try await benchmarkScenarioScaling(&bench, exportOnly: which == "scaling-export") { print(line) }
    }
    if which == "all" || which == "authapi" {
        for line in try await benchmarkAuthAPI() { print(line) }
    }
    if which == "all" || which == "paste" {
        for line in await benchmarkPaste(&bench) { print(line) }
    }
}

if CommandLine.arguments.dropFirst().first == "batch-script" {
    // The batch rows' script as a file's lines, for `Benchmarks/batch-jq.sh`: [lines, default 200,000].
    let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 200_000
    let lines = BatchScript.lines(repeats: (count + 7) / 8).prefix(count)
    print(lines.joined(separator: "\n"))
} else {
    try await runBenchmarks(CommandLine.arguments.dropFirst().first ?? "all")
}
