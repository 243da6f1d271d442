import ArgumentParser
import EnrollsimConfig
import Foundation
import SimClient
import SimWorld

/// The settings a command starts with, or, when the configuration is bad, one line on standard
/// error and exit status 2 before anything starts.
enum StartupSettings {
    static let badConfigurationStatus: Int32 = 2

    /// The token a server started with `--session-token` needs to open device sessions: the same
    /// variable the server reads, so a team sets it once.
    static var sessionToken: String? {
        ProcessInfo.processInfo.environment["ENROLLSIM_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func load(flags: [ConfigKey: Settings.Flag], adminToken: String?) throws -> Settings {
        let settings: Settings
        do {
            settings = try Settings.load(flags: flags, adminTokenFlag: adminToken, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw refuse(error)
        }
        // The client's own check of the URL (no path, …), here so that nothing starts with a URL
        // it will refuse; a flag's was checked with the command line.
        if let backend = settings.string(.backend) {
            do {
                _ = try RemoteBackend(url: backend.value, adminToken: nil)
            } catch {
                throw refuse(backend.refusal(error.description))
            }
        }
        return settings
    }

    /// Prints the refusal and gives the error that ends the command with status 2.
    static func refuse(_ error: ConfigError) -> ExitCode {
        CommandOutput.error("enrollsim: \(error)")
        return ExitCode(badConfigurationStatus)
    }

    /// The scenario the settings name, loaded strictly. One from the file or the environment is a
    /// setting like any other (exit 2, at its line); one from the flag or the default is the
    /// command's own argument, refused as before (`Error: cannot load scenario: …`, exit 1).
    static func world(_ scenario: Sourced<String>) throws -> World {
        do {
            return try ScenarioLoader.load(.parse(scenario.value))
        } catch {
            switch scenario.source {
            case .file, .environment: throw refuse(scenario.refusal("scenario: cannot load \(error)"))
            case .flag, .builtIn: throw CommandFailure("cannot load scenario: \(error)")
            }
        }
    }
}
