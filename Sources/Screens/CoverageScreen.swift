import Enrollment
import TerminalUI
import Walk

/// This session's coverage: per system, each rule of the contract with its branches hit (×count)
/// and never hit, then the error codes answered and never answered. Wrapped to the width, scrolled
/// by ↑ ↓ with marks when longer than the screen.
enum CoverageScreen {
    /// `report`: this session's answers against the contracts (`AppState.sessionCoverage`).
    static func render(_ s: SessionCoverage.State, report: CoverageReport, into frame: inout Frame, area: Rect) {
        var lines: [(String, Style)] = []
        func add(_ text: String, _ style: Style = .normal) {
            lines += text.wrapped(toWidth: max(1, area.width - 1), hangingIndent: 4).map { ($0, style) }
        }
        add((report.answers == 1 ? "1 answer of this session says" : "\(report.answers) answers of this session say") + " which rule produced them (✓ exercised, · never).", .hint)
        for system in report.systems {
            lines.append(("", .normal))
            add("\(system.id): \(system.branchesHit) of \(system.branchesTotal) branches, "
                + "\(system.rules.filter(\.hit).count) of \(system.rules.count) rules", .title)
            for rule in system.rules {
                let branches = rule.branches.map { $0.count > 0 ? "\($0.name)×\($0.count)" : "·\($0.name)" }.joined(separator: " ")
                add("\(rule.hit ? "✓" : "·") \(rule.id) \(rule.summary): \(branches)", rule.hit ? .done : .normal)
            }
            add("error codes answered: " + (system.codesHit.isEmpty ? "none" : system.codesHit.joined(separator: " ")), .success)
            add("never answered: " + (system.codesNever.isEmpty ? "none" : system.codesNever.joined(separator: " ")), .hint)
        }
        let top = scrollOffset(selected: nil, offset: s.offset, visibleRows: area.height, count: lines.count)
        for (row, line) in lines.dropFirst(top).prefix(area.height).enumerated() {
            frame.put(line.0, x: area.x, y: area.y + row, style: line.1, clip: area.inset(right: 1))
        }
        frame.putScrollMarks(area: area, top: top, count: lines.count)
    }
}
