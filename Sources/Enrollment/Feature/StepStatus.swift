/// A step's place on a flow's map (PIMS's guided enrollment, Futurae's), drawn by the same glyphs.
public enum StepStatus: String, Hashable, Sendable {
    case pending, current, done, failed, skipped
}
