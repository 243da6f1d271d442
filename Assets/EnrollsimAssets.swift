import Foundation

/// The files under `Assets/`, shipped as the package's resource bundle.
public enum EnrollsimAssets {
    /// The folder holding the built-in scenarios (`*.yaml`).
    public static var scenariosDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("scenarios", isDirectory: true)
    }

    /// The folder holding the demo tours (walks, `*.jsonl`).
    public static var walksDirectory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("walks", isDirectory: true)
    }
}
