/// Where a scenario comes from: a built-in name, a file, or YAML text (how a remote client sends a
/// local file to the server).
public enum ScenarioSource: Sendable, Hashable {
    case named(String)
    case file(String)
    case yaml(String, origin: String)

    /// A built-in name, or else a path (anything with a `/` or ending in `.yaml`/`.yml`).
    public static func parse(_ text: String) -> ScenarioSource {
        if text.contains("/") || text.hasSuffix(".yaml") || text.hasSuffix(".yml") { return .file(text) }
        return .named(text)
    }
}
