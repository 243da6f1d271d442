import ArgumentParser

/// `--speed` of `demo` and `replay`: a pause is the recorded one divided by it, so a speed near 0
/// would make a pause of centuries (a duration that cannot be represented traps) and an infinite
/// one none at all.
enum PlaybackSpeed {
    static let range = 0.01...1000.0

    static func validate(_ speed: Double) throws(ValidationError) {
        guard range.contains(speed) else {
            throw ValidationError("--speed must be between \(range.lowerBound) and \(Int(range.upperBound)), not \(speed)")
        }
    }
}
