import SnapshotTesting
import TerminalUI

extension Snapshotting where Value == Frame, Format == String {
    /// The frame as text, one line per row (`Frame.textSnapshot`).
    public static var frameText: Snapshotting { Snapshotting<String, String>.lines.pullback { (frame: Frame) in frame.textSnapshot } }
    /// The frame's style grid, one letter per cell (`Frame.styleSnapshot`).
    public static var frameStyles: Snapshotting { Snapshotting<String, String>.lines.pullback { (frame: Frame) in frame.styleSnapshot } }
}

/// Snapshots a frame twice, as text and as a style grid, beside the calling test file:
/// `assertFrameSnapshot(frame, named: "80x24")` stores `<test>.80x24.text.txt` and `….styles.txt`.
public func assertFrameSnapshot(
    _ frame: Frame,
    named name: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let prefix = name.map { $0 + "." } ?? ""
    assertSnapshot(of: frame, as: .frameText, named: prefix + "text", fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    assertSnapshot(of: frame, as: .frameStyles, named: prefix + "styles", fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

extension Snapshotting where Value == Frame, Format == String {
    /// The frame's attributes under a theme (`Frame.attributeSnapshot(theme:)`), for monochrome checks.
    public static func frameAttributes(_ theme: Theme) -> Snapshotting {
        Snapshotting<String, String>.lines.pullback { (frame: Frame) in frame.attributeSnapshot(theme: theme) }
    }
}
