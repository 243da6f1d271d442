import Enrollment
import Foundation
import SimKernel
import TerminalUI
import Walk
import WalkPlayer

/// The API log's exports (issue 12.4): the session so far, as the walk the app keeps, through the
/// same exporters as `enrollsim export`; written into the working directory, never over a file.
enum SessionExporter {
    /// - Parameter tape: the screens painted (the asciicast is written from them, whatever the
    ///   session's length); the other exports read the session's walk back.
    static func export(_ kind: SessionExport, recorder: WalkRecorder?, tape: ScreenTape?, theme: Theme,
                       directory: String) async -> Result<String, Store.ConnectError> {
        guard let recorder else { return .failure(Store.ConnectError("this session is not being recorded")) }
        let text: String
        if kind == .asciicast, let tape {
            text = Asciicast.cast(tape, title: "enrollsim session").text
        } else {
            let walk: Walk
            do {
                walk = try recorder.walk()
            } catch {
                return .failure(Store.ConnectError("the session could not be read back: \(error.description)"))
            }
            text = switch kind {
            case .asciicast: await Asciicast.export(walk, theme: theme, lastScreens: Asciicast.sessionScreens)
            case .markdown: walk.markdown
            case .batch: walk.batchScript
            }
        }
        let path = FreePath.base(directory: directory, name: "enrollsim-session-" + stamp(recorder.currentSim), extensions: [kind.fileExtension])
            + "." + kind.fileExtension
        do throws(PrivateFile.WriteError) {
            try PrivateFile.write(text, to: path)
            return .success(path)
        } catch {
            return .failure(Store.ConnectError(error.description))
        }
    }

    /// The simulated time of the session's last answer (as screenshots are named), else "start".
    static func stamp(_ sim: SimTime?) -> String {
        (sim?.iso8601 ?? "start").replacingOccurrences(of: ":", with: "-")
    }
}
