/// A fault target's name in a narrow column, never cut into something ambiguous: whole names when
/// every target fits; else without the prefix every target shares (`pims.`), the same for all; else
/// the shortest tail of its dotted segments that no other target ends with, after `…`
/// (`…trustedphonenumber`).
public enum FaultTargetName {
    public static func shown(_ name: String, among all: [String], width: Int) -> String {
        if (all + [name]).allSatisfy({ $0.count <= width }) { return name }
        let prefix = sharedPrefix(all)
        let short = name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
        if short.count <= width { return short }
        let segments = name.split(separator: ".")
        let others = all.filter { $0 != name }
        for n in 1...max(segments.count, 1) {
            let tail = segments.suffix(n).joined(separator: ".")
            if !others.contains(where: { $0 == tail || $0.hasSuffix("." + tail) }) { return "…" + tail }
        }
        return "…" + (segments.last.map(String.init) ?? name)
    }

    /// The dotted segments every name starts with, with their dot ("pims."); "" when they differ.
    static func sharedPrefix(_ names: [String]) -> String {
        guard let first = names.first else { return "" }
        var shared = first.split(separator: ".").dropLast()
        for name in names.dropFirst() {
            let segments = name.split(separator: ".").dropLast()
            shared = shared.prefix(zip(shared, segments).prefix { $0 == $1 }.count)
        }
        return shared.isEmpty ? "" : shared.joined(separator: ".") + "."
    }
}
