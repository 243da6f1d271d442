import Walk

/// The screen half of `replay --check`: the walk played through a headless front (answered by its
/// own recorded answers, which the answer half checks against a fresh world) and each `expect` line
/// checked against the screen at that point.
public enum WalkScreenCheck {
    /// How many expectations held, and the first that did not.
    public static func run(_ walk: Walk, file: String) async -> (held: Int, divergence: WalkCheck.Divergence?) {
        guard walk.entries.contains(where: { if case .expect = $0.what { return true }; return false }) else { return (0, nil) }
        let session = await WalkSession(walk)
        var held = 0
        var step = "-"
        for (i, entry) in walk.entries.enumerated() {
            switch entry.what {
            case .step(let label): step = label
            case .expect(let expectation):
                let shown = session.text(of: expectation.region)
                guard expectation.holds(in: shown) else {
                    return (held, WalkCheck.Divergence(file: file, line: i + 2, step: step, what: "expectation",
                                                       difference: .screen(expected: expectation, shown: shown)))
                }
                held += 1
            default: await session.play(entry)
            }
        }
        return (held, nil)
    }

    /// Both halves: every answer as recorded, then every expectation; the first failure wins.
    public static func check(_ walk: Walk, file: String, open: @escaping WalkCheck.Opener) async throws -> WalkCheck.Report {
        var report = try await WalkCheck.run(walk, file: file, open: open)
        guard report.passed else { return report }
        let screens = await run(walk, file: file)
        report.expectations = screens.held
        report.divergence = screens.divergence
        return report
    }
}
