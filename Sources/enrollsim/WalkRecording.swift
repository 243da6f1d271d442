import Enrollment
import SimKernel
import SimWorld
import Walk
import WalkPlayer

extension WalkRecorder {
    /// Starts a walk for the TUI: the header holds the scenario's text as it is now, the session and
    /// the terminal's size. Without a path (no `--record`) it is kept in memory, for the API log's exports.
    static func start(path: String?, config: SessionConfig, width: Int, height: Int) throws -> WalkRecorder {
        var scenario: (yaml: String, origin: String)?
        var backend = "in-process"
        switch config.backend {
        case .inProcess(let name): scenario = try ScenarioLoader.text(of: .parse(name))
        case .remote(let url): backend = url
        }
        let header = WalkHeader(enrollsim: EnrollsimVersion.current, scenario: scenario?.yaml, scenarioOrigin: scenario?.origin,
                                session: config.walkFields, width: width, height: height, backend: backend)
        guard let path else { return WalkRecorder(header: header) }
        return try WalkRecorder(path: path, header: header)
    }

    /// A connector that also writes the world each backend opened with (a `world` line), so a walk
    /// replays against the world the user saw even after another scenario was chosen. A backend that
    /// refuses `export` (a server without the admin token) is recorded without it.
    func recording(_ open: @escaping Store.Connector) -> Store.Connector {
        { [self] choice in
            let result = await open(choice)
            if case .success(let opened) = result {
                let answer = await opened.backend.control(SimControl("export"))
                if answer.ok, let yaml = answer["scenario"]?.stringValue { world(origin: choice.summary, yaml: yaml) }
            }
            return result
        }
    }
}
