import ArgumentParser
import SimKernel
import WalkPlayer

/// A `--scenario` argument: a built-in name, a YAML file, or a bug-report bundle, whose world (the
/// world as it was when the report was written) is the scenario.
enum ScenarioArgument {
    static func source(_ text: String) throws -> ScenarioSource {
        guard BugReport.isBundle(text) else { return .parse(text) }
        do {
            return .yaml(try BugReport.read(path: text).world, origin: text + "/world.yaml")
        } catch {
            throw ValidationError(error.description)  // the flag's value: a usage error (64)
        }
    }
}
