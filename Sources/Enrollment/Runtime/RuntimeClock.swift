import Foundation

/// The runtime's clock, injected so that durations and timeouts are deterministic in tests.
public protocol RuntimeClock: Sendable {
    /// Milliseconds since an arbitrary origin.
    func nowMs() -> Int
    /// Suspends for `ms` milliseconds of this clock (throws when cancelled).
    func sleep(ms: Int) async throws
}

/// Real time.
public struct SystemClock: RuntimeClock {
    private let origin = ContinuousClock.now
    public init() {}
    public func nowMs() -> Int {
        let d = ContinuousClock.now - origin
        return Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
    }
    public func sleep(ms: Int) async throws { try await Task.sleep(for: .milliseconds(ms)) }
}
