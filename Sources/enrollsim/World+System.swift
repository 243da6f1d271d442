import Enrollment
import SimClient
import SimWorld

extension World {
    /// The scenario's default session and systems, for the session screen.
    var scenarioDefaults: ScenarioDefaults {
        ScenarioDefaults(settings: session.settings, username: session.user, systemIDs: systemIDs)
    }

    /// The world a team server runs, read through its export (an admin control): nil without the
    /// admin token or when the server cannot be asked (the session screen then says why on Enter).
    static func served(by backend: RemoteBackend) async -> World? {
        let answer = await backend.control(.export)
        guard answer.ok, let yaml = answer["scenario"]?.stringValue else { return nil }
        return try? ScenarioLoader.parse(yaml: yaml, origin: "the server's world")
    }
}
