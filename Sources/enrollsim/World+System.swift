import Enrollment
import SimWorld

extension World {
    /// The system a scenario is about when its default session does not say: one with cards is the
    /// card app's (its phone's settings hold only `biometrics`).
    var scenarioSystem: SystemChoice? { casa.cards.isEmpty ? nil : .card }
}
