import Enrollment
import SimKernel
import SimWorld
import TerminalUI
import Walk

/// Where a sequence of keys starts: a scenario's world, opened on one of its systems' fronts with
/// the scenario's default session (as the TUI opens it), at the explorer's terminal size.
public struct ExploreStart: Sendable {
    public let scenario: String
    public let yaml: String
    public let origin: String
    public let world: World
    public let config: SessionConfig
    public let size: Size

    /// `scenario · system`, the start's name in reports and walk names.
    public var name: String { "\(scenario)·\(config.system.front.systemID)" }
    public var systemID: String { config.system.front.systemID }

    public init(scenario: String, yaml: String, origin: String, system: SystemChoice? = nil, size: Size = ExploreStart.size) throws(ScenarioError) {
        self.scenario = scenario
        self.yaml = yaml
        self.origin = origin
        self.size = size
        let world = try ScenarioLoader.parse(yaml: yaml, origin: origin)
        self.world = world
        var config = SessionConfig(backend: .inProcess(scenario: scenario))
        config.device = world.session.device
        config.scenarioSession = world.session.settings
        config.adopt(ScenarioDefaults(settings: world.session.settings, username: world.session.user, systemIDs: world.systemIDs))
        if let system, system != config.system {
            config.system = system
            config.adopt(ScenarioDefaults(settings: world.session.settings, username: world.session.user, systemIDs: world.systemIDs),
                         keepingSystem: true)
        }
        if let user = world.session.user, let account = world.account(user) {
            config.username = user
            config.password = account.password
        }
        self.config = config
    }

    /// The size the explorer's screens are laid out at (walks are recorded at it).
    public static let size = Size(width: 100, height: 32)

    /// Every built-in scenario (or those named) on each of its systems that has a front: a system
    /// registered later is explored with no change here.
    public static func all(_ names: [String]? = nil) throws -> [ExploreStart] {
        var starts: [ExploreStart] = []
        for name in names ?? ScenarioLoader.builtinNames {
            let (yaml, origin) = try ScenarioLoader.text(of: .named(name))
            let world = try ScenarioLoader.parse(yaml: yaml, origin: origin)
            let fronts = SystemFronts.registered.filter { world.systemIDs.contains($0.systemID) }
            for front in fronts {
                starts.append(try ExploreStart(scenario: name, yaml: yaml, origin: origin, system: front.system))
            }
        }
        return starts
    }

    /// A walk's header for a sequence from here.
    public func header(title: String?) -> WalkHeader {
        WalkHeader(enrollsim: "explore", scenario: yaml, scenarioOrigin: origin, session: config.walkFields,
                   width: size.width, height: size.height, backend: "in-process", title: title)
    }
}
