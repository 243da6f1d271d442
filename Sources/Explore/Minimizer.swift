/// Delta debugging (Zeller's ddmin): the inputs of a sequence are dropped, in halves, then quarters,
/// down to one at a time, as long as what it must reach is still reached; what is left is
/// 1-minimal (dropping any one input loses it). Each test runs the candidate from a fresh start.
public enum Minimizer {
    /// The shortest prefix, then ddmin. `reaches` runs a candidate and says the step (0-based) at which
    /// it first reached what it must, or nil.
    /// At most `maxTests` candidates are run: a long sequence stops shrinking there, still reaching it.
    public static func minimize(_ inputs: [ExploreInput], maxTests: Int = 400, reaches: ([ExploreInput]) async -> Int?) async -> [ExploreInput] {
        guard let first = await reaches(inputs) else { return inputs }
        var tests = 0
        var current = Array(inputs[...first])
        var n = 2
        while current.count >= 2 {
            let chunk = (current.count + n - 1) / n
            var reduced = false
            var i = 0
            while i < current.count && tests < maxTests {
                tests += 1
                // The complement of one chunk: the chunk dropped.
                let candidate = Array(current[..<i]) + Array(current[min(i + chunk, current.count)...])
                if let at = await reaches(candidate) {
                    current = Array(candidate[...at])
                    n = max(n - 1, 2)
                    reduced = true
                    break
                }
                i += chunk
            }
            if reduced { continue }
            if tests >= maxTests { break }
            if n >= current.count { break }
            n = min(n * 2, current.count)
        }
        return current
    }
}
