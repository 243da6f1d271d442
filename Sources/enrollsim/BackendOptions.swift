import ArgumentParser
import Foundation
import SimClient

/// Where the simulated world lives, for the commands that can use either: the in-process simulator
/// on a scenario, or a team server (`enrollsim serve`) with its admin token. Flags not given come
/// from the environment and the configuration file (`StartupSettings`). Its values: `WorldSource`.
struct BackendOptions: ParsableArguments {
    @Option(name: .long, help: "A built-in scenario name or a scenario file (YAML), for the in-process simulator (default: fresh).")
    var scenario: String?

    @Option(name: .long, help: "A server's URL (http://HOST:PORT, `enrollsim serve`) instead of the in-process simulator.")
    var backend: String?

    @Option(name: .long, help: "The server's admin token (or ENROLLSIM_ADMIN_TOKEN, or the config's admin-token-file): simulator controls and named sessions need it.")
    var adminToken: String?

    var values: WorldSource { WorldSource(scenario: scenario, backend: backend, adminToken: adminToken) }

    func validate() throws {
        guard let backend else { return }
        if scenario != nil {
            throw ValidationError("--scenario is for the in-process simulator: a server keeps its own world (load a scenario with a {\"sim\": \"load\", …} control)")
        }
        do {
            _ = try RemoteBackend(url: backend, adminToken: nil)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
